#!/usr/bin/env bash
# Remakes the seed corpora of the mjai and record fuzz targets (fuzz/corpus_mjai_message/,
# fuzz/corpus_mjlog/, fuzz/corpus_records/): messages and records written here by hand, plus
# one whole game that `jong serve` plays with its own greedy seats, as the lines a bot would get
# (one per line, and batched), and one-hand records of `jong play` in both families. Nothing
# comes from ../shared.
#
# usage: fuzz/make_corpus.sh path/to/jong
set -eu
if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 path/to/jong" >&2
    exit 2
fi
jong="$1"
here="$(cd "$(dirname "$0")" && pwd)"
msg="$here/corpus_mjai_message"
mjlog="$here/corpus_mjlog"
rec="$here/corpus_records"
rm -rf "$msg" "$mjlog" "$rec"
mkdir -p "$msg" "$mjlog" "$rec"

# ---- mjai messages, one file each (several lines: a sequence the bot follows) ----
put() { printf '%s\n' "$2" >"$msg/$1"; }
put hello '{"type":"hello","protocol":"mjsonp","protocol_version":3}'
put join '{"type":"join","name":"someone","room":"default"}'
put none '{"type":"none"}'
put error '{"type":"error","message":"something went wrong"}'
put start_game '{"type":"start_game","id":2,"names":["a","b","c","d"],"kyoku_first":4,"aka_flag":true}'
put start_kyoku '{"type":"start_kyoku","bakaze":"S","kyoku":3,"honba":2,"kyotaku":1,"oya":2,"dora_marker":"5sr","scores":[25000,24000,26000,25000],"tehais":[["1m","2m","3m","4m","5mr","6m","7m","8m","9m","1p","2p","3p","4p"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}'
put tsumo '{"type":"tsumo","actor":1,"pai":"?"}'
put dahai '{"type":"dahai","actor":3,"pai":"C","tsumogiri":true,"can_act":false}'
put chi '{"type":"chi","actor":1,"target":0,"pai":"5pr","consumed":["3p","4p"]}'
put pon '{"type":"pon","actor":2,"target":0,"pai":"P","consumed":["P","P"]}'
put daiminkan '{"type":"daiminkan","actor":3,"target":1,"pai":"5m","consumed":["5m","5mr","5m"]}'
put kakan '{"type":"kakan","actor":2,"pai":"P","consumed":["P","P","P"]}'
put ankan '{"type":"ankan","actor":0,"consumed":["N","N","N","N"]}'
put dora '{"type":"dora","dora_marker":"9s"}'
put reach '{"type":"reach","actor":0}'
put reach_accepted '{"type":"reach_accepted","actor":0,"deltas":[-1000,0,0,0],"scores":[24000,25000,25000,25000]}'
put hora '{"type":"hora","actor":2,"target":0,"pai":"1m","uradora_markers":["4p"],"hora_tehais":["1m","1m","2p","3p","4p","5s","6s","7s","E","E","E","F","F","1m"],"yakus":[["reach",1],["yakuhai_round_wind",1],["ura_dora",1]],"fu":40,"fan":3,"hora_points":5200,"deltas":[-5200,0,6200,0],"scores":[19800,25000,31200,24000]}'
put ryukyoku '{"type":"ryukyoku","reason":"fanpai","tenpais":[true,false,false,true],"tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","1p","2s","3s"],["?"],["?"],["1s","1s","1s","2s","3s","4s","5s","6s","7s","8s","9s","9s","9s"]],"deltas":[1500,-1500,-1500,1500],"scores":[26500,23500,23500,26500]}'
put kyushu '{"type":"ryukyoku","reason":"kyushukyuhai","actor":0}'
put end_kyoku '{"type":"end_kyoku"}'
put end_game '{"type":"end_game","scores":[30000,25000,25000,20000]}'
put batch '[{"type":"start_game","id":0,"names":["a","b","c","d"]},{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"C","scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5mr","6m","7m","8m","9m","1p","2p","3p","4p"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]},{"type":"tsumo","actor":0,"pai":"W"}]'
put bad_json '{"type":"dahai",'
put bad_type '{"type":"frobnicate"}'
put bad_missing '{"type":"dahai","actor":0}'
put bad_tile '{"type":"dahai","actor":0,"pai":"0z","tsumogiri":false}'
put bad_seat '{"type":"tsumo","actor":7,"pai":"1m"}'
put bad_kinds '{"type":"chi","actor":"1","target":0,"pai":"5p","consumed":"3p4p"}'
put bad_array '[1,2,{"type":"none"}]'
printf '%s\n' '{"type":"hello","protocol":"mjsonp","protocol_version":3}' 'not json' \
    '{"type":"start_game","id":0,"names":["a","b","c","d"],"kyoku_first":4,"aka_flag":true}' \
    '{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"C","scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5mr","6m","7m","8m","9m","1p","2p","3p","4p"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]],"can_act":false}' \
    '[{"type":"tsumo","actor":0,"pai":"W"}]' '{"type":"reach","actor":0}' >"$msg/bot_riichi"

# a whole one-hand game as seat 0 gets it: every event on a line, then batched up to each of
# seat 0's draws (the record shows every tile: the bot follows it all the same)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$jong" serve --seat 0=greedy --seat 1=greedy --seat 2=greedy --seat 3=greedy --game-type one_kyoku \
    --games 1 --seed 4 --out "$tmp" >/dev/null 2>&1
sed '1s/{"type":"start_game",/{"type":"start_game","id":0,/' "$tmp/game-000000.mjson" >"$msg/game_stdio"
awk 'BEGIN { line = "" }
     { line = line (line == "" ? "[" : ",") $0 }
     /"type":"tsumo","actor":0,/ { print line "]"; line = "" }
     END { if (line != "") print line "]" }' "$msg/game_stdio" >"$msg/game_batched"

# ---- Tenhou mjlog records, written by hand ----
init0='<INIT seed="0,0,0,1,1,132" ten="250,250,250,250" oya="0" hai0="0,4,8,12,16,20,24,28,32,36,40,44,48" hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" hai2="2,6,10,14,18,22,26,30,34,38,42,46,50" hai3="3,7,11,15,19,23,27,31,35,39,43,47,51"/>'
head='<mjloggm ver="2.3"><SHUFFLE seed="x" ref=""/><GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C%20D" n3="%E7%8C%AB" dan="1,1,1,1" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/><TAIKYOKU oya="0"/>'
hand1='<T52/><D52/><N who="1" m="29743" /><E1/><V53/><REACH who="2" step="1"/><F53/><REACH who="2" ten="250,250,240,250" step="2"/><W56/><G3/><T60/><D0/><AGARI ba="0,1" hai="2,6,10,14,18,22,26,30,34,38,42,46,50,0" machi="0" ten="30,3900,0" yaku="1,1,7,1,53,1" doraHai="132" doraHaiUra="40" who="2" fromWho="0" sc="250,-39,250,0,240,49,250,0" />'
hand2='<INIT seed="1,0,0,2,3,100" ten="211,250,289,250" oya="1" hai0="0,4,8,12,16,20,24,28,32,36,40,44,48" hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" hai2="2,6,10,14,18,22,26,30,34,38,42,46,50" hai3="3,7,11,15,19,23,27,31,35,39,43,47,51"/><U108/><E108/><V112/><F112/><W116/><G116/><T120/><D120/><RYUUKYOKU ba="0,0" sc="211,-15,250,15,289,15,250,-15" hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" hai2="2,6,10,14,18,22,26,30,34,38,42,46,50" owari="196,-24.0,265,6.0,304,41.0,235,-23.0" />'
printf '%s\n' "$head$init0$hand1$hand2</mjloggm>" >"$mjlog/two_hands"
printf '%s\n' "$head$init0$hand1</mjloggm>" >"$mjlog/cut_short"
printf '%s\n' "$head$init0<T52/><D52/><N who=\"1\" m=\"29743\" /><DORA hai=\"40\"/>" >"$mjlog/unclosed"
printf '%s\n' "${head/type=\"169\"/type=\"185\"}$init0<T52/><D52/><RYUUKYOKU type=\"yao9\" ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\" owari=\"250,0.0,250,0.0,250,0.0,250,0.0\" /></mjloggm>" >"$mjlog/three_player"
printf '%s\n' "$head$init0$hand1${hand2/ten=\"211,250,289,250\"/ten=\"211,250928,5,20\"}</mjloggm>" >"$mjlog/bad_points"
printf '%s\n' "$head<INIT seed=\"0,0,0\" ten=\"250\" oya=\"9\" hai0=\"999\"/></mjloggm>" >"$mjlog/bad_init"
printf '%s\n' "$head$init0<T52/><N who=\"1\" m=\"notanumber\"/><D200/></mjloggm>" >"$mjlog/bad_call"
printf '%s' '<mjloggm ver="2.3"><GO type="' >"$mjlog/bad_truncated"
printf '%s\n' 'not xml at all' >"$mjlog/bad_text"

# ---- records of every format, as `jong replay` reads them (gzip layers included) ----
layer() { gzip -9n <"$rec/$1" >"$rec/$2"; }  # one more gzip layer, deterministic (no name, no time)
"$jong" play --rules riichi --players greedy --hands 1 --seed 3 --log "$tmp/riichi" --quiet >/dev/null 2>&1
"$jong" play --rules taiwan --players greedy --hands 1 --seed 3 --log "$tmp/taiwan" --quiet >/dev/null 2>&1
cp "$tmp/riichi/game-000000.jsonl" "$rec/jong_riichi"
cp "$tmp/taiwan/game-000000.jsonl" "$rec/jong_taiwan"
"$jong" play --rules riichi --rule three_player=on --players greedy --hands 1 --seed 3 --log "$tmp/sanma" --quiet >/dev/null 2>&1
cp "$tmp/sanma/game-000000.jsonl" "$rec/jong_sanma"  # three players, with three kita
layer jong_riichi jong_riichi_gz
head -c 3000 "$rec/jong_riichi" >"$rec/jong_cut"
cp "$tmp/game-000000.mjson" "$rec/mjson"
layer mjson mjson_gz
layer mjson_gz mjson_gz2
layer mjson_gz2 mjson_gz3                  # one layer more than the limit
{ printf '\xef\xbb\xbf'; cat "$rec/mjson"; } >"$rec/mjson_bom"
cp "$mjlog/two_hands" "$rec/mjlog"
layer mjlog mjlog_gz
cp "$mjlog/three_player" "$rec/mjlog_three_player"
# the hand-written game of tests/test_mjai.c as tenhou.net/6 JSON
printf '%s\n' '{"title":["",""],"name":["A","B","C D","猫"],"rule":{"disp":"鳳南喰赤","aka":1},"log":[[[0,0,0],[25000,25000,25000,25000],[47],[22],[11,12,13,14,51,16,17,18,19,21,22,23,24],[52,27],[60,11],[11,12,13,14,15,16,17,18,19,21,22,23,24],["c522324"],[11],[11,12,13,14,15,16,17,18,19,21,22,23,24],[25],["r60"],[11,12,13,14,15,16,17,18,19,21,22,23,24],[26],[11],["和了",[-3900,0,4900,0],[2,0,2,"30符3飜3900点","立直(1飜)","平和(1飜)","裏ドラ(1飜)"]]],[[1,0,0],[21100,25000,28900,25000],[38],[],[11,12,13,14,51,16,17,18,19,21,22,23,24],[44],[60],[11,12,13,14,15,16,17,18,19,21,22,23,24],[41],[60],[11,12,13,14,15,16,17,18,19,21,22,23,24],[42],[60],[11,12,13,14,15,16,17,18,19,21,22,23,24],[43],[60],["流局",[-1500,1500,1500,-1500]]]],"sc":[19600,-24.0,26500,6.0,30400,41.0,23500,-23.0]}' >"$rec/tenhou6"
layer tenhou6 tenhou6_gz
# a gzip bomb: 2 MiB of spaces in 2 KB, past the target's 1 MiB
head -c 2097152 /dev/zero | tr '\0' ' ' | gzip -9n >"$rec/bomb"
printf '\x1f\x8b\x08\x00' >"$rec/gzip_cut"
printf '%s\n' '{"type":"jong_record","version":1}' >"$rec/jong_bad_header"
echo "$(ls "$msg" | wc -l) message inputs, $(ls "$mjlog" | wc -l) mjlog inputs, $(ls "$rec" | wc -l) record inputs"
