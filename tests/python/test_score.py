"""jong.score: known wins of both families (the hands of tests/golden/score_*) equal to
`jong score --json` with the same inputs; bad input as jong.Error with the command's message."""
import json
import subprocess

import pytest

import jong
from conftest import jong_program

# (the command's arguments, jong.score's): the same win
CASES = [
    # riichi: riichi, tsumo, dora and ura, a non-dealer
    (["234m456p678s3455s", "--win", "5s", "--riichi", "--tsumo", "--seat", "S", "--dora", "4s", "--ura", "2m"],
     dict(hand="234m456p678s3455s", win="5s", riichi=True, tsumo=True, seat="S", dora="4s", ura="2m")),
    # daisangen with honba and a riichi stick
    (["[555z] [666z] 777z123m99p", "--win", "9p", "--tsumo", "--honba", "2", "--sticks", "1"],
     dict(hand="[555z] [666z] 777z123m99p", win="9p", tsumo=True, honba=2, sticks=1)),
    # the dealer's ron on a shanpon wait
    (["123m456p789s555z11m", "--win", "5z"], dict(hand="123m456p789s555z11m", win="5z")),
    # kans and their fu
    (["[2222m] [9999m] (9999p) 333p7z", "--win", "7z", "--seat", "S"],
     dict(hand="[2222m] [9999m] (9999p) 333p7z", win="7z", seat=1)),
    # a ruleset option by name: kiriage mangan
    (["12233m445566p99s", "--win", "1m", "--seat", "S", "--option", "kiriage=on"],
     dict(hand="12233m445566p99s", win="1m", seat="S", kiriage=True)),
    # thirteen orphans on the 13-sided wait, double yakuman on, ron from the discarder named
    (["119m19p19s1234567z", "--win", "1m", "--option", "double_yakuman=on", "--seat", "W", "--discarder", "S"],
     dict(hand="119m19p19s1234567z", win="1m", double_yakuman="on", seat="W", discarder="S")),
    # red fives in the hand and in the melds given apart
    (["406p678s88p", "--melds", "[340s] [234m]", "--win", "0p", "--seat", "N", "--round", "S", "--discarder", "W"],
     dict(hand="406p678s88p", melds="[340s] [234m]", win="0p", seat=3, round="S", discarder=2)),
    # riichi with ippatsu and haitei (which implies tsumo), dealer double riichi
    (["123m456p789s345s99m", "--win", "5s", "--riichi", "--ippatsu", "--haitei"],
     dict(hand="123m456p789s345s99m", win="5s", riichi=True, ippatsu=True, haitei=True)),
    (["123m456p789s345s99m", "--win", "9m", "--double-riichi"],
     dict(hand="123m456p789s345s99m", win="9m", double_riichi=True)),
    # Taiwanese: a discard from the upper seat, winds apart from the seats
    (["--rules", "taiwan", "[123m] 456m789p234s55p67s", "--win", "8s", "--seat", "W", "--dealer", "S", "--round", "S"],
     dict(hand="[123m] 456m789p234s55p67s", win="8s", rules="taiwan", seat="W", dealer="S", round="S")),
    # the dealer's self-draw on a streak
    (["--rules", "taiwan", "[123m] 456m789p234s55p88s", "--win", "8s", "--self-draw", "--streak", "2"],
     dict(hand="[123m] 456m789p234s55p88s", win="8s", rules="taiwan", self_draw=True, streak=2)),
    # a big hand under the ericyang table, the discarder named
    (["--rules", "taiwan", "[123m][456m] 111m999m33m777m", "--win", "7m", "--seat", "2", "--dealer", "1",
      "--discarder", "1", "--option", "big_hands=ericyang"],
     dict(hand="[123m][456m] 111m999m33m777m", win="7m", rules="taiwan", seat=2, dealer=1, discarder=1,
          big_hands="ericyang")),
    # a flower win (flowers written in the hand) robbed from seat 0
    (["--rules", "taiwan", "1357m2468p13579s123z f1f2f3f4s1s2s3", "--win", "s4", "--seat", "1", "--discarder", "0"],
     dict(hand="1357m2468p13579s123z f1f2f3f4s1s2s3", win="s4", rules="taiwan", seat=1, discarder=0)),
    # heavenly hand (implies self-draw); kongs with kong_tai; a special hand; the tai cap
    (["--rules", "taiwan", "123456m789p234s55p888s", "--win", "8s", "--heavenly"],
     dict(hand="123456m789p234s55p888s", win="8s", rules="taiwan", heavenly=True)),
    (["--rules", "taiwan", "[1111m] 456m789p55p888s (9999s)", "--win", "8s", "--seat", "1", "--discarder", "2",
      "--option", "kong_tai=exposed1-concealed2"],
     dict(hand="[1111m] 456m789p55p888s (9999s)", win="8s", rules="taiwan", seat=1, discarder=2,
          kong_tai="exposed1-concealed2")),
    (["--rules", "taiwan", "11m22m33m44p55p66s77s999s", "--win", "4p", "--option", "special_hands=seven-pairs-pong",
      "--seat", "1", "--discarder", "2"],
     dict(hand="11m22m33m44p55p66s77s999s", win="4p", rules="taiwan", special_hands="seven-pairs-pong", seat=1,
          discarder=2)),
    (["--rules", "taiwan", "[777z] 111z222z333z444z55z", "--win", "4z", "--seat", "S", "--discarder", "2",
      "--option", "tai_cap=10", "--robbing-kong", "--last-tile"],
     dict(hand="[777z] 111z222z333z444z55z", win="4z", rules="taiwan", seat="S", discarder=2, tai_cap=10,
          robbing_kong=True, last_tile=True)),
]


@pytest.mark.parametrize("args,kwargs", CASES, ids=[f"{c[1].get('rules', 'riichi')}-{i}" for i, c in enumerate(CASES)])
def test_score_is_the_cli_json(args, kwargs):
    want = json.loads(subprocess.check_output([jong_program(), "score", *args, "--json"]))
    got = jong.score(**kwargs)
    assert got == want
    assert got["han" if got["rules"] == "riichi" else "tai"] > 0


def test_positional_arguments_and_results():
    r = jong.score("123m456p789s1122z", "2z", "riichi", tsumo=True, riichi=True, dora="1z")
    assert (r["han"], r["fu"], r["limit"], r["points"]) == (5, 40, "mangan", 12000)
    assert r["yaku"] == [["riichi", 1], ["menzen_tsumo", 1], ["dora", 3]]
    assert r["payments"] == {"E": 0, "S": 4000, "W": 4000, "N": 4000}
    t = jong.score("123m456p789s123s11z22z", "2z", "taiwan")
    assert (t["tai"], t["patterns"], t["payments"]) == (2, [["dealer", 1], ["concealed", 1]], [0, 0, 0, 140])


# (the command's arguments, jong.score's): the same bad win; the command's message is the
# function's, but for the names of the inputs (its options and the hand's text there, the
# argument's name here)
ERRORS = [
    (["123m456p789s345s99m", "--win", "5s", "--ippatsu"],
     dict(hand="123m456p789s345s99m", win="5s", ippatsu=True), "ippatsu without riichi"),
    (["123m456p789s345s99m", "--win", "4s"], dict(hand="123m456p789s345s99m", win="4s"),
     "no yaku (dora alone do not count)"),
    (["123m456p789s345s19m", "--win", "1m"], dict(hand="123m456p789s345s19m", win="1m"),
     "not a winning hand (four sets and a pair, seven pairs or thirteen orphans)"),
    (["--rules", "taiwan", "[123m] 456m789p234s55p88s", "--win", "8s", "--discarder", "0"],
     dict(hand="[123m] 456m789p234s55p88s", win="8s", rules="taiwan", discarder=0),
     "seat 0 cannot win on its own discard"),
]


@pytest.mark.parametrize("args,kwargs,message", ERRORS)
def test_bad_win_is_the_cli_message(args, kwargs, message):
    cli = subprocess.run([jong_program(), "score", *args], capture_output=True, text=True)
    assert cli.returncode == 1 and cli.stderr == f"jong score: {message}\n"
    with pytest.raises(jong.Error) as e:
        jong.score(**kwargs)
    assert str(e.value) == message


@pytest.mark.parametrize("kwargs,message", [
    (dict(hand="123x", win="1m"), "hand: position 3: unknown letter 'x'"),
    (dict(hand="123m", win="1m"), "hand: 3 tiles (melds count 3), need 13 plus win or 14 with it"),
    (dict(hand="123m456p789s1122z", win="9x"), "win: position 1: unknown letter 'x'"),
    (dict(hand="[123m] 456m789p234s55p889s", win="8s", rules="taiwan"),
     "hand: not a winning hand with 8s (five sets and a pair, or an enabled special hand)"),
    (dict(hand="123m456p789s1122z", win="2z", tsumo=True, discarder="S"),
     "discarder and a tsumo win exclude each other"),
    (dict(hand="123m456p789s1122z", win="2z", discarder="E"), "discarder E: the winner cannot ron his own discard"),
    (dict(hand="[123m] 456m789p234s55p88s", win="8s", rules="taiwan", self_draw=True, discarder=1),
     "self-draw and discarder exclude each other"),
    (dict(hand="123m456p789s1122z", win="2z", dora="1m2m3m4m5m6m"), "dora: more than 5 indicators"),
    (dict(hand="123m456p789s1122z", win="2z", melds="123m"), "melds: only melds"),
    (dict(hand="123m456p789s1122z", win="2z", frob=1), "unknown rule option 'frob' for riichi rules"),
    (dict(hand="123m456p789s1122z", win="2z", kuitan="maybe"), "rule option kuitan: bad value 'maybe'"),
    (dict(hand="123m456p789s1122z", win="2z", streak=1), "streak: an input of Taiwanese scoring only"),
    (dict(hand="[123m] 456m789p234s55p88s", win="8s", rules="taiwan", dora="1m"),
     "dora: an input of riichi scoring only"),
    (dict(hand="[123m] 456m789p234s55p88s", win="8s", rules="taiwan", riichi=True),
     "unknown rule option 'riichi' for taiwan rules"),
    (dict(hand="123m456p789s1122z", win="2z", riichi=1), "riichi: True or False"),
    (dict(hand="123m456p789s1122z", win="2z", seat="X"), "seat: a seat or wind"),
    (dict(hand="123m456p789s1122z", win="2z", seat=4), "seat: a seat or wind"),
    (dict(hand="123m456p789s1122z", win="2z", honba=-1), "honba: an int from 0 to 1000"),
    (dict(hand="123m456p789s1122z", win="2z", rules="chess"), "rules: unknown family 'chess'"),
])
def test_bad_input_is_a_jong_error(kwargs, message):
    with pytest.raises(jong.Error) as e:
        jong.score(**kwargs)
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


def test_bad_types_and_arguments():
    with pytest.raises(TypeError):
        jong.score()
    with pytest.raises(TypeError):
        jong.score("123m456p789s1122z")
    with pytest.raises(TypeError):
        jong.score(123, "1m")
    with pytest.raises(TypeError):
        jong.score("123m456p789s1122z", "2z", "riichi", "extra")
    with pytest.raises(TypeError):
        jong.score("123m456p789s1122z", "2z", win="2z")
