"""Translation files: every language has every key, with the same {placeholders}."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

WIDGET = Path(__file__).resolve().parent.parent / "widget"
I18N = WIDGET / "i18n"
ENGLISH = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
LANGUAGES = sorted(p.stem for p in I18N.glob("*.json"))


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_the_promised_languages_are_there() -> None:
    assert {"en", "de", "fr", "es"} <= set(LANGUAGES)


def test_params_js_lists_exactly_the_languages_with_files() -> None:
    listed = re.search(r"LANGUAGES = \[([^\]]*)\]", (WIDGET / "page" / "params.js").read_text(encoding="utf-8"))
    assert listed is not None
    assert sorted(re.findall(r'"(\w+)"', listed.group(1))) == LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_in_every_file(lang: str) -> None:
    texts = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    assert (set(), set()) == (set(ENGLISH) - set(texts), set(texts) - set(ENGLISH))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_match_english(lang: str) -> None:
    texts = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    assert [] == [k for k, v in ENGLISH.items() if placeholders(v) != placeholders(texts.get(k, ""))]


def test_each_singular_has_its_plural() -> None:
    """t() reads `<key>.one` for a count the language calls singular, else `<key>`: both must be there."""
    singulars = [key for key in ENGLISH if key.endswith(".one")]
    assert singulars and [] == [key for key in singulars if key.removesuffix(".one") not in ENGLISH]


def test_every_key_the_page_and_code_use_exists() -> None:
    """data-i18n keys in the HTML and literal t("...") keys in the code are all in en.json, or in a
    system's English texts (widget/i18n/systems/*.json, merged into each language by the build)."""
    used = set(re.findall(r'data-i18n="([\w.]+)"', (WIDGET / "index.html").read_text(encoding="utf-8")))
    for module in WIDGET.rglob("*.js"):
        used |= set(re.findall(r'\bt\("([\w.]+)"', module.read_text(encoding="utf-8")))
    systems = {key for path in (I18N / "systems").glob("*.json")
               for key in json.loads(path.read_text(encoding="utf-8"))["en"]}
    assert used and set() == used - set(ENGLISH) - systems



SYSTEM_TEXTS = sorted((I18N / "systems").glob("*.json"))


@pytest.mark.parametrize("path", SYSTEM_TEXTS, ids=[p.stem for p in SYSTEM_TEXTS])
def test_each_system_has_its_texts_in_every_language(path: Path) -> None:
    """widget/i18n/systems/<name>.json: every language, the same keys and placeholders as English."""
    by_lang = json.loads(path.read_text(encoding="utf-8"))
    english = by_lang["en"]
    assert f"system.{path.stem}" in english
    assert sorted(LANGUAGES) == sorted(by_lang)
    for lang, texts in by_lang.items():
        assert (set(), set()) == (set(english) - set(texts), set(texts) - set(english)), lang
        assert [] == [k for k, v in english.items() if placeholders(v) != placeholders(texts[k])], lang


def test_systems_agree_on_shared_texts() -> None:
    """The build merges every system's texts into one file per language: a key two systems share
    (`field.player.rd`) must read the same in both, and none may change a text of the widget's own."""
    seen: dict[tuple[str, str], str] = {}
    clashes = []
    for path in SYSTEM_TEXTS:
        for lang, texts in json.loads(path.read_text(encoding="utf-8")).items():
            base = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
            for key, text in texts.items():
                if seen.setdefault((lang, key), base.get(key, text)) != text:
                    clashes.append((path.stem, lang, key))
    assert [] == clashes


def test_every_reason_a_need_is_not_worked_out_has_its_text() -> None:
    """needs.js says `needs.target.<reason>` and `needs.norm.<reason>` as the engine gives them
    (elo_core.systems.needs): a reason without its text would show its key to a visitor."""
    from typing import get_args

    from elo_core.systems.needs import NormReason, TargetReason

    english = json.loads((I18N / "en.json").read_text())
    keys = [f"needs.target.{r}" for r in get_args(TargetReason)] + [f"needs.norm.{r}" for r in get_args(NormReason)]
    assert [key for key in keys if key not in english] == []


# A quoted example is text to type ("unrated", «sin elo») or a button's name, not a word said to the
# visitor (Dutch "u" can be a letter there), so it is left out before looking for the other register.
QUOTED = re.compile(r"[‘“„«][^’”“»]*[’”“»]")
# Each language speaks to the visitor one way: the register most of its texts and its most visible ones
# (intro, the rating's label) use. These are the other register's words: pronouns, and for Spanish and
# Italian, whose imperatives show the register without a pronoun, the formal forms these texts once had.
# A subjunctive after "que"/"se" ("que se abra") is not an order to the visitor, so it is let through.
OTHER_REGISTER: dict[str, re.Pattern[str]] = {
    "de": re.compile(r"\b(?:du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer)\b",
                     re.IGNORECASE),  # Sie
    "fr": re.compile(r"\b(?:tu|toi|ton|ta|tes)\b", re.IGNORECASE),  # vous
    "es": re.compile(  # tú
        r"\b(?:usted|ustedes|lo que necesita|puede ceder|sale de la lista|lo dejó|que abrió|las copió"
        r"|(?<!que )(?<!se )(?:escriba|elija|omita|pegue|péguelas?|copie|inténtelo|introduzca|abra|ábralo|suelte"
        r"|rellene|use|deje|añada|corríjalas|revise))\b", re.IGNORECASE),
    "it": re.compile(  # tu
        r"\b(?:Lei|[Ll]e serve|può cedere|l'ha lasciato|[Vv]ostr[aeio]|avete|\w+[aei]tel[aeio])\b"),
    "nl": re.compile(r"\b(?:u|uw|uzelf)\b", re.IGNORECASE),  # je, jij, jouw
}


def all_texts(lang: str) -> dict[str, str]:
    """A language's texts as the build merges them: its own file and each system's texts."""
    texts = dict(json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")))
    for path in SYSTEM_TEXTS:
        texts |= {f"{path.stem}:{key}": text
                  for key, text in json.loads(path.read_text(encoding="utf-8"))[lang].items()}
    return texts


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_each_language_addresses_the_visitor_one_way(lang: str) -> None:
    """No text says "u mag verliezen" beside "Jouw rating", or "escriba" under "Introduce tu rating"."""
    other = OTHER_REGISTER[lang]
    assert {} == {key: other.findall(QUOTED.sub("", text)) for key, text in all_texts(lang).items()
                  if other.search(QUOTED.sub("", text))}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_hyphenated_word_is_a_word_of_the_language_s_header_texts(lang: str) -> None:
    """"hyphens" (widget/page/keep-words.js): a header word's syllables, where it may break on a phone. A word
    spelled otherwise than in the texts (a typo, a text changed since) would silently never break there."""
    texts = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    word = r"[^\W\d_]+(?:['’][^\W\d_]+)?"  # letters, and an elision's ("dell'avversario")
    words = {w.lower() for k, v in texts.items() if k != "hyphens" for w in re.findall(word, v)}
    entries = texts["hyphens"].split()
    assert [] == [e for e in entries if not re.fullmatch(rf"{word}(?:-[^\W\d_]+)+", e)]
    assert [] == [e for e in entries if e.replace("-", "").lower() not in words]
