"""Mille Bornes in French and Polish (issue 33): the real French card names, the seed
article's Polish ones, card faces in the chosen language, and the table's words."""

import pytest

from game import lang
from game.engine.mille import Action
from game.engine.mille.cards import CARD_KINDS, KIND_BY_ID, card_msg
from game.engine.mille.rules import LONG_TARGET, SHORT_TARGET
from game.lang import Msg, catalogs
from game.scenes.mille import pictures, sprites
from game.scenes.mille.help import OPTIONS_HELP, help_pages
from game.scenes.mille.words import card_name, describe_move
from tests.harness import words_on_screen

FRENCH = {
    "accident": "Accident",
    "out_of_gas": "Panne d'essence",
    "flat_tire": "Crevaison",
    "stop": "Feu rouge",
    "speed_limit": "Limitation de vitesse",
    "repairs": "Réparations",
    "gasoline": "Essence",
    "spare_tire": "Roue de secours",
    "roll": "Feu vert",
    "end_of_limit": "Fin de limitation",
    "driving_ace": "As du volant",
    "extra_tank": "Citerne d'essence",
    "puncture_proof": "Increvable",
    "right_of_way": "Véhicule prioritaire",
    "25": "25 bornes",
    "50": "50 bornes",
    "75": "75 bornes",
    "100": "100 bornes",
    "200": "200 bornes",
}
# The seed article's names (its card table and rules), where it gives one in Polish.
POLISH = {
    "accident": "Wypadek",
    "out_of_gas": "Brak paliwa",
    "flat_tire": "Przebita opona",
    "stop": "Zatrzymaj się",
    "speed_limit": "Ograniczenie prędkości",
    "repairs": "Naprawy",
    "gasoline": "Benzyna",
    "spare_tire": "Koło zapasowe",
    "roll": "Jedź",
    "end_of_limit": "Koniec ograniczenia",
    "driving_ace": "As kierownicy",
    "extra_tank": "Dodatkowy zbiornik",
    "puncture_proof": "Odporność na przebicie",
    "right_of_way": "Prawo drogi",
    "25": "25 km",
    "50": "50 km",
    "75": "75 km",
    "100": "100 km",
    "200": "200 km",
}


@pytest.fixture(autouse=True)
def english_again():
    catalogs.compile_catalogs(only_if_stale=True)
    yield
    lang.set_language("en")


@pytest.mark.parametrize("code, names", [("fr", FRENCH), ("pl", POLISH)])
def test_each_card_kind_has_its_name_in_french_and_polish(code, names):
    assert set(names) == {kind.id for kind in CARD_KINDS}
    lang.set_language(code)
    for card, name in names.items():
        assert card_name(card) == name
    lang.set_language("en")
    for kind in CARD_KINDS:
        assert card_name(kind.id) == kind.english


def test_a_move_is_kept_as_key_and_values_and_read_in_each_language():
    state = pictures.position(
        2, ["stop 100", "roll 25"], [pictures.tableau("roll"), pictures.tableau("roll")]
    )
    said = describe_move(state, 0, Action("play", "stop", 1), ["Ann", "Cindy"])
    sent = Msg.from_json(said.to_json())
    assert str(sent) == "Ann plays Stop on Cindy."
    lang.set_language("fr")
    assert str(sent) == "Ann joue Feu rouge contre Cindy."
    lang.set_language("pl")
    assert str(sent) == "Ann zagrywa: Zatrzymaj się – cel: Cindy."


def test_the_help_speaks_french_with_the_french_names():
    lang.set_language("fr")
    pages = {page.heading: page.text for page in help_pages()}
    cards = pages["Les cartes"]
    for name in FRENCH.values():
        assert name in cards
    scoring = next(text for heading, text in pages.items() if "Capot" in text)
    assert "Allonge" in scoring and "Couronnement" in scoring


def test_the_options_help_has_the_engines_targets():
    assert f"to {SHORT_TARGET} km" in OPTIONS_HELP and f"to {LONG_TARGET} km" in OPTIONS_HELP


def _face_words(card: str) -> list[str]:
    """The words drawn on `card`'s full face in the language of the moment."""
    drawn = []
    draw = sprites.design_font("small").__class__.draw

    def reading(font, surface, text, *args, **kwargs):
        drawn.append(text)
        return draw(font, surface, text, *args, **kwargs)

    sprites.design_font("small").__class__.draw = reading
    try:
        sprites.translated_face(card)
    finally:
        sprites.design_font("small").__class__.draw = draw
    return drawn


def test_card_faces_speak_the_language_and_fit(new_app):
    new_app()  # the faces need a display
    font = sprites.design_font("small")
    for code in ("fr", "pl"):
        lang.set_language(code)
        for kind in CARD_KINDS:
            face = sprites.mille_card(kind.id)
            assert sprites.mille_card(kind.id) is face  # kept for this language
            inner = face.get_width() - 2 * (sprites.BANDS[kind.category] + 2)
            if kind.category != "distance":
                lines = font.wrap(str(card_msg(kind.id)), inner)
                assert len(lines) <= 2, (code, kind.id, lines)
                assert " ".join(_face_words(kind.id)[: len(lines)]) == str(card_msg(kind.id))
        assert sprites.mille_card("stop") is not sprites.mille_card("stop", mini=True)
    lang.set_language("fr")
    assert _face_words("stop") == ["Feu rouge", "attaque"]
    assert _face_words("100")[-1] == "bornes"
    lang.set_language("pl")
    assert _face_words("stop") == ["Zatrzymaj", "się", KIND_BY_ID["stop"].french]
    lang.set_language("fr")
    french = sprites.mille_card("roll")
    lang.set_language("pl")
    polish = sprites.mille_card("roll")
    assert french is not polish  # a change of language shows the new words at once


def test_a_polish_table_shows_polish_words_on_the_bar_and_on_a_card_face(new_app):
    app = new_app()
    lang.set_language("pl")
    scene = pictures.mid_hand(app)
    sprites._faces.clear()  # noqa: SLF001 - the faces are drawn afresh, read below
    words = words_on_screen(app)  # the first drawing of this table (it keeps some layers)
    assert "Zagraj" in words and "Odrzuć" in words  # the bar and the buttons
    assert "Zatrzymaj" in words and "Talia" in words  # Ann's Stop card's face; the pile
    assert any("zagrywa" in word for word in words)  # the news line
    assert scene.prompt() is None
