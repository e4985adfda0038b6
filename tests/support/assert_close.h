/* Doubles compared as doubles. cmocka's assert_float_equal converts both sides to float (about
 * 7 digits) and casts only the first term of an expression, which hides real differences. */
#ifndef JONG_TEST_ASSERT_CLOSE_H
#define JONG_TEST_ASSERT_CLOSE_H

#include <math.h>

#define assert_close(a, b, eps)                                                              \
    do {                                                                                     \
        double close_a_ = (a), close_b_ = (b), close_e_ = (eps);                             \
        if (!(fabs(close_a_ - close_b_) <= close_e_))                                        \
            fail_msg("%s = %.12g, not %.12g within %g", #a, close_a_, close_b_, close_e_);   \
    } while (0)

#endif
