"$JONG" play --rules taiwan --players kf-rule:search=2 2>&1
