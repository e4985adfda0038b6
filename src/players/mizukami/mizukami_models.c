/* The shipped models, decoded from the bytes mizukami_models_data.S embeds. */
#include <string.h>

#include "models/oneplayer.h"
#include "mizukami.h"

extern const unsigned char jong_mz_waiting_data[], jong_mz_waiting_end[];
extern const unsigned char jong_mz_wintile_data[], jong_mz_wintile_end[];
extern const unsigned char jong_mz_score_data[], jong_mz_score_end[];
extern const unsigned char jong_mz_policy_data[], jong_mz_policy_end[];
extern const unsigned char jong_mz_calls_data[], jong_mz_calls_end[];

int jong_mizukami_calls_load(jong_linmodel *calls, jong_error *err)
{
    int rc = jong_linmodel_decode(jong_mz_calls_data, (size_t)(jong_mz_calls_end - jong_mz_calls_data),
                                  "built-in calls", "calls", JONG_CALL_FEATURES_VERSION, calls, err);
    if (!rc && (calls->dim != jong_call_feature_dim() || calls->nmodels != 1)) {
        rc = jong_error_set(err, JONG_ERR_IO, -1, "built-in calls: %u x %u weights, want 1 x %u", calls->nmodels,
                            calls->dim, jong_call_feature_dim());
        jong_linmodel_free(calls);
    }
    return rc;
}

int jong_mizukami_models_load(jong_oppmodel *om, jong_linmodel *policy, jong_error *err)
{
    const unsigned char *begin[JONG_OPP_MODELS] = {jong_mz_waiting_data, jong_mz_wintile_data, jong_mz_score_data};
    const unsigned char *end[JONG_OPP_MODELS] = {jong_mz_waiting_end, jong_mz_wintile_end, jong_mz_score_end};
    memset(om, 0, sizeof *om);
    memset(policy, 0, sizeof *policy);
    for (int i = 0; i < JONG_OPP_MODELS; i++) {
        char name[64];
        strcpy(name, "built-in ");
        strcat(name, jong_opp_model_name(i));
        int rc = jong_linmodel_decode(begin[i], (size_t)(end[i] - begin[i]), name, jong_opp_model_name(i),
                                      JONG_OPP_FEATURES_VERSION, &om->m[i], err);
        if (!rc && om->m[i].dim != jong_opp_feature_dim(i))
            rc = jong_error_set(err, JONG_ERR_IO, -1, "%s: %u weights per model, want %u", name, om->m[i].dim,
                                jong_opp_feature_dim(i));
        if (rc) {
            jong_oppmodel_free(om);
            return rc;
        }
    }
    int rc = jong_linmodel_decode(jong_mz_policy_data, (size_t)(jong_mz_policy_end - jong_mz_policy_data),
                                  "built-in policy", "policy", JONG_OP_FEATURES_VERSION, policy, err);
    if (!rc && (policy->dim != jong_op_feature_dim() || policy->nmodels != 2))
        rc = jong_error_set(err, JONG_ERR_IO, -1, "built-in policy: %u x %u weights, want 2 x %u", policy->nmodels,
                            policy->dim, jong_op_feature_dim());
    if (rc) {
        jong_linmodel_free(policy);
        jong_oppmodel_free(om);
    }
    return rc;
}
