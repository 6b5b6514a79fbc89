/* Waiting without polling: BLPOP on wake-up lists (BLMOVE on an open mark), with a
 * deadline the client keeps. */
#include "redislock_wait.h"

/* PHP's signal handlers (pcntl with async signals: the workers' --timeout, an
 * alarm) run where the engine checks EG(vm_interrupt), between opcodes. A wait
 * inside one call would hold them off until it returns, so the wait for a
 * BLPOP's reply ends early when a signal sets that flag. */
static bool vm_interrupt_pending(void *arg)
{
	(void) arg;
	return zend_atomic_bool_load_ex(&EG(vm_interrupt));
}

const redislock_interrupt redislock_php_signals = {.pending = vm_interrupt_pending, .arg = NULL};

bool redislock_serve_signals(redislock_conn *c)
{
	if (!zend_atomic_bool_load_ex(&EG(vm_interrupt))) {
		return true;
	}
	if (zend_atomic_bool_load_ex(&EG(timed_out))
#ifdef ZEND_HAS_OOM
		|| ZEND_HAS_OOM()
#endif
	) {
		redislock_conn_set_error(c, REDISLOCK_ERR_INTERRUPTED, "waiting on %s ended early: the script ran out of time or memory",
			redislock_conn_endpoint(c));
		return false;
	}
	zend_atomic_bool_store_ex(&EG(vm_interrupt), false);
	if (zend_interrupt_function) {
		zend_interrupt_function(EG(current_execute_data));
	}
	if (EG(exception)) {
		redislock_conn_set_error(c, REDISLOCK_ERR_INTERRUPTED, "waiting on %s ended early: a signal handler threw",
			redislock_conn_endpoint(c));
		return false;
	}
	return true;
}

zend_result redislock_blpop(redislock_conn *c, zend_string **keys, uint32_t n, double seconds, bool precise)
{
	return redislock_blpop_popped(c, keys, n, seconds, precise, NULL);
}

/* Serves pending signals, then sends the blocking command a, with the server's
 * timeout for a wait of seconds appended (at least its timer's resolution, a
 * millisecond, as 0 would be "forever"; a little more with precise, where our
 * deadline comes first), and reads its reply; a is freed. NULL in *reply when
 * the wait ended early (a signal served, or with precise our deadline passed
 * first). */
static zend_result blocking_call(redislock_conn *c, redislock_argv *a, double seconds, bool precise, redisReply **reply)
{
	double read_for;
	zend_result result;

	*reply = NULL;
	if (!redislock_serve_signals(c)) {
		redislock_argv_free(a);
		return FAILURE;
	}
	seconds = MAX(seconds, 0.001);
	read_for = precise ? seconds + 0.002 : seconds + redislock_conn_config(c)->read_timeout;
	redislock_argv_push_double(a, precise ? seconds + 0.05 : seconds);
	result = redislock_conn_call_interruptible(c, a, read_for, &redislock_php_signals, reply);
	redislock_argv_free(a);
	if (result == FAILURE && redislock_conn_status(c)->kind == REDISLOCK_ERR_INTERRUPTED) {
		/* The link is closed, the blocked command with it: as if woken, once the handlers ran. */
		*reply = NULL;
		return redislock_serve_signals(c) ? SUCCESS : FAILURE;
	}
	if (result == FAILURE) {
		*reply = NULL;
		return precise && redislock_conn_status(c)->kind == REDISLOCK_ERR_TIMEOUT ? SUCCESS : FAILURE;
	}
	if ((*reply)->type == REDIS_REPLY_ERROR) {
		redislock_conn_set_reply_error(c, *reply);
		freeReplyObject(*reply);
		*reply = NULL;
		return FAILURE;
	}
	return SUCCESS;
}

zend_result redislock_blpop_popped(redislock_conn *c, zend_string **keys, uint32_t n, double seconds, bool precise,
	zend_string **popped)
{
	redislock_argv a;
	redisReply *reply;

	redislock_argv_init(&a);
	redislock_argv_push(&a, "BLPOP", 5);
	for (uint32_t i = 0; i < n; i++) {
		redislock_argv_push_str(&a, keys[i]);
	}
	if (blocking_call(c, &a, seconds, precise, &reply) == FAILURE) {
		return FAILURE;
	}
	if (reply && popped && reply->type == REDIS_REPLY_ARRAY && reply->elements == 2
		&& reply->element[1]->type == REDIS_REPLY_STRING) {
		*popped = zend_string_init(reply->element[1]->str, reply->element[1]->len, 0);
	}
	if (reply) {
		freeReplyObject(reply);
	}
	return SUCCESS;
}

zend_result redislock_blmove_self(redislock_conn *c, zend_string *key, double seconds, bool precise, zend_string **moved)
{
	redislock_argv a;
	redisReply *reply;

	*moved = NULL;
	redislock_argv_init(&a);
	redislock_argv_push(&a, "BLMOVE", 6);
	redislock_argv_push_str(&a, key);
	redislock_argv_push_str(&a, key);
	redislock_argv_push(&a, "LEFT", 4);
	redislock_argv_push(&a, "RIGHT", 5);
	if (blocking_call(c, &a, seconds, precise, &reply) == FAILURE) {
		return FAILURE;
	}
	if (reply) {
		if (reply->type == REDIS_REPLY_STRING) {
			*moved = zend_string_init(reply->str, reply->len, 0);
		}
		freeReplyObject(reply);
	}
	return SUCCESS;
}

double redislock_block_time(double remaining, zend_long pttl, bool *until_expiry)
{
	double block = MIN(remaining, REDISLOCK_WAIT_ROUND);
	*until_expiry = false;
	if (pttl >= 0 && (pttl + 1) / 1000.0 < block) {
		block = (pttl + 1) / 1000.0;
		*until_expiry = true;
	}
	return block;
}
