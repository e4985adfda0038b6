$JONG analyze "123m44p23456s [789s] [CCC]" --rules taiwan
