$JONG analyze --rules=taiwan 123456789m1234567p
