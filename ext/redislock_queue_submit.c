/* RedisQueue's submit(): its uniqueness modes and numbers checked, the one
 * script of ext/lua/queue/submit.lua run, and its answer ('queued',
 * 'duplicate' or 'debounced') read. The class parses the arguments and calls
 * down into this file; it calls nothing of the class's or of a layout's. */
#include "redislock_queue_submit.h"
#include "redislock_args.h"
#include "redislock_keys.h"
#include "redislock_runner.h"
#include "zend_exceptions.h"

/* submit()'s uniqueness modes, in the order of the stub's table. */
static const char *const submit_modes[] = {"none", "until_started", "until_done", "window", "debounce", NULL};
#define SUBMIT_UNTIL_STARTED 1
#define SUBMIT_UNTIL_DONE 2
#define SUBMIT_WINDOW 3
#define SUBMIT_DEBOUNCE 4
/* The longest uniqueness key submit() takes, in bytes. */
#define SUBMIT_MAX_KEY 65536

/* submit()'s numbers and mode, checked; the mode's index, or -1 after throwing. */
int redislock_queue_submit_check(double delay, zend_long priority, const zend_string *unique, double unique_for, double max_wait,
	const zend_string *key)
{
	int mode;
	if (!redislock_check_seconds(delay, 4, true)) {
		return -1;
	}
	if (priority != 0) {
		zend_argument_value_error(5, "is not supported yet (priorities come in a later release); use 0");
		return -1;
	}
	if (!unique) {
		mode = 0; /* left out: 'none' */
	} else if ((mode = redislock_word_index(unique, submit_modes)) < 0) {
		zend_argument_value_error(6, "must be one of 'none', 'until_started', 'until_done', 'window' or 'debounce'");
		return -1;
	}
	if (!redislock_check_seconds(unique_for, 7, true) || !redislock_check_seconds(max_wait, 8, true)) {
		return -1;
	}
	if (mode == SUBMIT_WINDOW && unique_for < 1e-6) {
		zend_argument_value_error(7, "must be at least 0.000001 (1 microsecond) with unique 'window'");
		return -1;
	}
	/* The scripts count in whole microseconds: a shorter wait would round to 0, "none". */
	if (max_wait != 0 && max_wait < 1e-6) {
		zend_argument_value_error(8, "must be 0 (no limit) or at least 0.000001 (1 microsecond)");
		return -1;
	}
	if (mode == SUBMIT_UNTIL_DONE && unique_for != 0 && unique_for < 1e-6) {
		zend_argument_value_error(7, "must be 0 (no cap) or at least 0.000001 (1 microsecond) with unique 'until_done'");
		return -1;
	}
	if (mode == SUBMIT_UNTIL_STARTED && key && unique_for != 0 && unique_for < 1e-6) {
		zend_argument_value_error(7, "must be 0 (no cap) or at least 0.000001 (1 microsecond) with unique 'until_started'");
		return -1;
	}
	if (mode != SUBMIT_WINDOW && mode != SUBMIT_UNTIL_DONE && !(mode == SUBMIT_UNTIL_STARTED && key) && unique_for != 0) {
		zend_argument_value_error(7, "is only taken with unique 'window' or 'until_done' (or 'until_started' with a uniqueKey)");
		return -1;
	}
	if (key && mode == 0) {
		zend_argument_value_error(9, "is only taken with a unique mode other than 'none'");
		return -1;
	}
	if (key && (ZSTR_LEN(key) == 0 || ZSTR_LEN(key) > SUBMIT_MAX_KEY)) {
		zend_argument_value_error(9, "must be 1 to %d bytes long (%zu given)", SUBMIT_MAX_KEY, ZSTR_LEN(key));
		return -1;
	}
	if (mode != SUBMIT_DEBOUNCE && max_wait != 0) {
		zend_argument_value_error(8, "is only taken with unique 'debounce'");
		return -1;
	}
	return mode;
}

/* submit()'s reply: one of the three words, else false (recorded as unexpected). */
static bool submit_return(redislock_conn *conn, redisReply *reply, zval *return_value)
{
	static const char *const answers[] = {"queued", "duplicate", "debounced", NULL};
	if (reply->type == REDIS_REPLY_STRING) {
		for (int i = 0; answers[i]; i++) {
			if (reply->len == strlen(answers[i]) && memcmp(reply->str, answers[i], reply->len) == 0) {
				RETVAL_STRING(answers[i]);
				return true;
			}
		}
	}
	redislock_conn_set_unexpected(conn, reply);
	return false;
}

/* submit() of one id, checked, on the queue of keys k: the script's one run, its
 * answer in return_value; false with the failure recorded. */
bool redislock_queue_submit_run(redislock_queue_obj *q, const queue_keys *k, const zend_string *id,
	const zend_string *payload, double delay, int mode, double unique_for, double max_wait, const zend_string *key,
	zval *return_value)
{
	zend_string *unique_key = redislock_sibling_key(k->queue, ":unique");
	redislock_argv a;
	redisReply *reply;
	bool ok;

	redislock_script_submit_args(&a, QUEUE_ALL_KEYS(*k), unique_key, k->deadlines, k->paused, k->keyed, k->counts, true, id,
		submit_modes[mode], delay, mode == SUBMIT_DEBOUNCE ? max_wait : unique_for, payload != NULL, payload, key != NULL,
		key);
	zend_string_release(unique_key); /* the argv holds its own reference */
	reply = redislock_queue_run(q, &redislock_script_submit, &a, redislock_object_read_timeout(&q->base));
	redislock_argv_free(&a);
	if (!reply) {
		return false;
	}
	ok = submit_return(q->conn, reply, return_value);
	freeReplyObject(reply);
	return ok;
}
