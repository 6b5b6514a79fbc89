/* Running scripts: EVALSHA, and one fallback to EVAL when a server does not have
 * the script yet, shared by every caller. */
#include "redislock_runner.h"

static bool is_noscript(const redisReply *reply)
{
	return reply->type == REDIS_REPLY_ERROR && reply->len >= 8 && memcmp(reply->str, "NOSCRIPT", 8) == 0;
}

static void use_eval(redislock_argv *a, const redislock_script *script)
{
	a->argv[0] = "EVAL";
	a->lens[0] = 4;
	a->argv[1] = script->body;
	a->lens[1] = script->body_len;
}

static void use_evalsha(redislock_argv *a, const redislock_script *script)
{
	a->argv[0] = "EVALSHA";
	a->lens[0] = 7;
	a->argv[1] = script->sha;
	a->lens[1] = 40;
}

void redislock_script_use(redislock_argv *a, const redislock_script *script, bool body)
{
	if (body) {
		use_eval(a, script);
	} else {
		use_evalsha(a, script);
	}
}

bool redislock_reply_is_noscript(const redisReply *reply)
{
	return is_noscript(reply);
}

zend_result redislock_script_call(redislock_conn *c, const redislock_script *script,
	redislock_argv *a, double timeout, redisReply **reply)
{
	return redislock_script_call_many(c, script, a, 1, timeout, reply);
}

redisReply *redislock_script_run(redislock_conn *c, const redislock_script *script, redislock_argv *a, double timeout)
{
	redisReply *reply;
	if (redislock_script_call(c, script, a, timeout, &reply) == FAILURE) {
		return NULL;
	}
	if (reply->type == REDIS_REPLY_ERROR) {
		redislock_conn_set_reply_error(c, reply);
		freeReplyObject(reply);
		return NULL;
	}
	return reply;
}

/* NOSCRIPT: the server does not have the script (first use, a restart, SCRIPT
 * FLUSH, a cluster node not used before); send the body once, which caches it. */
static bool noscript_to_eval(const redisReply *reply, redislock_argv *a, const void *script)
{
	if (!is_noscript(reply) || a->lens[0] != 7) {
		return false;
	}
	use_eval(a, script);
	return true;
}

/* Frees the replies read so far of a call that failed. */
static void free_replies(redisReply **replies, int n)
{
	for (int i = 0; i < n; i++) {
		if (replies[i]) {
			freeReplyObject(replies[i]);
			replies[i] = NULL;
		}
	}
}

zend_result redislock_script_call_many(redislock_conn *c, const redislock_script *script,
	redislock_argv *sets, int n, double timeout, redisReply **replies)
{
	double deadline;
	int missing = 0;

	for (int i = 0; i < n; i++) {
		replies[i] = NULL;
	}
	if (n == 1 || redislock_conn_config(c)->mode != REDISLOCK_MODE_SINGLE) {
		/* One command at a time: behind a sentinel or on a cluster each may need
		 * to follow the master or a slot to another server. */
		for (int i = 0; i < n; i++) {
			zend_result result;
			redislock_conn_begin(c, script->name);
			use_evalsha(&sets[i], script);
			result = redislock_conn_exec(c, &sets[i], timeout, noscript_to_eval, script, &replies[i]);
			use_evalsha(&sets[i], script);
			if (result == FAILURE) {
				free_replies(replies, i);
				return FAILURE;
			}
		}
		return SUCCESS;
	}
	redislock_conn_begin(c, script->name);
	if (redislock_conn_ensure(c) == FAILURE) {
		return FAILURE;
	}
	deadline = redislock_now() + timeout;
	for (int i = 0; i < n; i++) {
		use_evalsha(&sets[i], script);
		if (redislock_conn_append(c, &sets[i]) == FAILURE) {
			return FAILURE;
		}
	}
	if (redislock_conn_flush(c, deadline) == FAILURE) {
		return FAILURE;
	}
	for (int i = 0; i < n; i++) {
		if (redislock_conn_read(c, deadline, &replies[i]) == FAILURE) {
			goto failed;
		}
		if (is_noscript(replies[i])) {
			missing++;
		}
	}
	if (missing == 0) {
		return SUCCESS;
	}
	for (int i = 0; i < n; i++) {
		if (replies[i] && is_noscript(replies[i])) {
			freeReplyObject(replies[i]);
			replies[i] = NULL;
			use_eval(&sets[i], script);
			redislock_conn_append(c, &sets[i]);
			use_evalsha(&sets[i], script);
		}
	}
	if (redislock_conn_flush(c, deadline) == FAILURE) {
		goto failed;
	}
	for (int i = 0; i < n; i++) {
		if (!replies[i] && redislock_conn_read(c, deadline, &replies[i]) == FAILURE) {
			goto failed;
		}
	}
	return SUCCESS;

failed:
	free_replies(replies, n);
	return FAILURE;
}

zend_result redislock_script_pipe(redislock_conn *c, redislock_pipe_cmd *cmds, int n, double timeout,
	redisReply **replies)
{
	double deadline;

	for (int i = 0; i < n; i++) {
		replies[i] = NULL;
	}
	if (redislock_conn_config(c)->mode != REDISLOCK_MODE_SINGLE) {
		for (int i = 0; i < n; i++) {
			zend_result result;
			redislock_conn_begin(c, cmds[i].script ? cmds[i].script->name : cmds[i].a->argv[0]);
			result = redislock_conn_exec(c, cmds[i].a, timeout, cmds[i].script ? noscript_to_eval : NULL, cmds[i].script,
				&replies[i]);
			if (cmds[i].script) {
				use_evalsha(cmds[i].a, cmds[i].script);
			}
			if (result == FAILURE) {
				goto failed;
			}
		}
		return SUCCESS;
	}
	redislock_conn_begin(c, cmds[n - 1].script ? cmds[n - 1].script->name : cmds[n - 1].a->argv[0]);
	if (redislock_conn_ensure(c) == FAILURE) {
		return FAILURE;
	}
	deadline = redislock_now() + timeout;
	for (int i = 0; i < n; i++) {
		if (redislock_conn_append(c, cmds[i].a) == FAILURE) {
			return FAILURE;
		}
	}
	if (redislock_conn_flush(c, deadline) == FAILURE) {
		return FAILURE;
	}
	for (int i = 0; i < n; i++) {
		if (redislock_conn_read(c, deadline, &replies[i]) == FAILURE) {
			goto failed;
		}
	}
	for (int i = 0; i < n; i++) {
		if (cmds[i].script && is_noscript(replies[i])) {
			freeReplyObject(replies[i]);
			replies[i] = NULL;
			redislock_conn_begin(c, cmds[i].script->name);
			if (redislock_conn_exec(c, cmds[i].a, timeout, noscript_to_eval, cmds[i].script, &replies[i]) == FAILURE) {
				use_evalsha(cmds[i].a, cmds[i].script);
				goto failed;
			}
			use_evalsha(cmds[i].a, cmds[i].script);
		}
	}
	return SUCCESS;

failed:
	free_replies(replies, n);
	return FAILURE;
}
