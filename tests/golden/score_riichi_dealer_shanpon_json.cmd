$JONG score "123m456p789s555z11m" --win 5z --json
