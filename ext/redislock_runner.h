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
/* Runs a script within timeout seconds: its reply (the caller frees it), or NULL
 * with the failure recorded on c, an error reply included. */
redisReply *redislock_script_run(redislock_conn *c, const redislock_script *script, redislock_argv *a, double timeout);

/* Runs the same script with n argument sets in one round trip; replies[i] belongs
 * to sets[i]. The NOSCRIPT fallback applies per reply. */
zend_result redislock_script_call_many(redislock_conn *c, const redislock_script *script,
	redislock_argv *sets, int n, double timeout, redisReply **replies);

/* One command of a write: a script's, built by its builder (EVALSHA, EVAL after
 * NOSCRIPT), or a native one (script NULL). */
typedef struct {
	redislock_argv *a;
	const redislock_script *script;
} redislock_pipe_cmd;

/* Sends the commands in one write and reads their replies (each may be an error
 * reply; replies[i] belongs to cmds[i]). On one server they share a round trip;
 * behind a sentinel or on a cluster each is sent on its own (it may have to
 * follow the master or a slot). A script the server lacks is sent again as EVAL
 * on its own. FAILURE with the failure recorded, no reply kept. */
zend_result redislock_script_pipe(redislock_conn *c, redislock_pipe_cmd *cmds, int n, double timeout,
	redisReply **replies);

#endif
