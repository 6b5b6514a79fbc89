/* Running the Lua scripts of redislock_scripts.h: EVALSHA, and when a server does
 * not have a script (first use, a restart, SCRIPT FLUSH, a cluster node not used
 * before) the same call once more as EVAL, which also caches it. */
#ifndef REDISLOCK_RUNNER_H
#define REDISLOCK_RUNNER_H

#include "redislock_conn.h"
#include "redislock_scripts.h"

/* Makes an argv from a script's builder (redislock_script_<name>_args()) send the script's SHA1 (EVALSHA) or,
 * with body, the script itself (EVAL). */
void redislock_script_use(redislock_argv *a, const redislock_script *script, bool body);
/* Whether the reply says the server does not have the script. */
bool redislock_reply_is_noscript(const redisReply *reply);

/* Runs a script within timeout seconds. */
zend_result redislock_script_call(redislock_conn *c, const redislock_script *script,
	redislock_argv *a, double timeout, redisReply **reply);

/* Runs the same script with n argument sets in one round trip; replies[i] belongs
 * to sets[i]. The NOSCRIPT fallback applies per reply. */
zend_result redislock_script_call_many(redislock_conn *c, const redislock_script *script,
	redislock_argv *sets, int n, double timeout, redisReply **replies);

#endif
