// The demo club's own script: it listens to the calculator's event to say the result in its own words.
document.addEventListener("elo-calculator:result", (event) => {
  const r = event.detail;
  if (r && r.system === "fide" && typeof r.new_rating === "number") {
    document.getElementById("latest").textContent = `Your new FIDE rating would be ${r.new_rating}.`;
  }
});
