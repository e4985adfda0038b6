"$JONG" play --players kurita:k=3 2>&1
