# The neural player and jong bench neural refuse a bad network file (missing, cut short, another
# version, damaged, a linear model), a bad option or Taiwanese rules with one line naming the file
# and what is wrong (exit 2 for a player spec, 1 for the bench's --model).
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
net=../../models/neural.jnn
head -c 1000 "$net" > "$d/cut.jnn"
flip() { # the byte at $2 of file $1 complemented (so surely changed)
    b=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
    printf "\\$(printf %03o $((255 - b)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
cp "$net" "$d/v2.jnn"; printf '\002' | dd of="$d/v2.jnn" bs=1 seek=8 conv=notrunc 2>/dev/null
cp "$net" "$d/damaged.jnn"; flip "$d/damaged.jnn" 5000
try() { "$JONG" "$@" 2>&1 | sed -E "s|$d|DIR|g; s/at least [0-9]+/at least N/"; echo "exit ${PIPESTATUS[0]}"; }
for m in "$d/missing.jnn" "$d/cut.jnn" "$d/v2.jnn" "$d/damaged.jnn" ../../models/kurita.jlm; do
    try play --rules riichi --players "neural:model=$m" --seed 1
done
try play --rules taiwan --players neural --seed 1
try play --rules riichi --players neural:temp=hot --seed 1
try play --rules riichi --players neural:depth=2 --seed 1
try bench neural --model "$d/damaged.jnn"
try bench neural --decisions 0
