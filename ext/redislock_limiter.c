/* RedisRateLimiter: at most $limit tokens of a name per $interval.
 *
 * Invariants:
 * - A decision is one script (rate_<policy>, one per policy, with the arguments
 *   it reads) that reads the limiter's key (one string: the head of the last
 *   call that consumed, then the state), decides by the server's TIME and writes the key back with one SET ... PX in the same
 *   step: no two callers can both take the last token, and nothing is written
 *   when a caller is refused. An allowed consume is TIME, GET and SET.
 * - Every number that crosses into Lua is an integer (µs, counts), formatted
 *   with %d: a Unix time in µs has 16 digits, more than a Lua number prints.
 * - A waiter never polls: the script gives it a place in the order of arrival
 *   (the token bucket's TAT, or a window ahead, moves past it), the client sleeps
 *   until that place, and reads the state once more when it comes. Two commands
 *   per admission at most, one when the tokens are there at once.
 */
#include "redislock_limiter.h"
#include "redislock_object.h"
#include "redislock_args.h"
#include "redislock_exceptions.h"
#include "redislock_names.h"
#include "redislock_runner.h"
#include "redislock_wait.h"
#include "zend_exceptions.h"
#include <errno.h>
#include <math.h>
#include <time.h>

#define REDISLOCK_LIMITER_DEFAULT_PREFIX "Limiter:"
/* A sleep is cut into slices this long at most (seconds), so that PHP's signal
 * handlers run on time even on a system whose sleep a signal does not cut. */
#define REDISLOCK_LIMITER_SLEEP_SLICE 0.05

/* Nothing but the object base: a limiter keeps no state of its own between calls. */
typedef struct _redislock_limiter_obj {
	REDISLOCK_OBJECT_BASE;
	zend_object std;
} redislock_limiter_obj;

/* A decision's parameters, checked. */
typedef struct {
	zend_string *name;
	zend_long limit;
	zend_long interval_us;
	zend_long tokens;
	zend_long burst;
	zend_long emission_us;  /* the token bucket's time per token, interval / limit rounded up to the ps: */
	zend_long emission_ps;  /* its whole µs, and the ps past them (0 to 999999) */
	char policy;            /* 't', 'f', 's' or 'Q', as the script takes it */
} limiter_call;

/* The script's answer. */
typedef struct {
	bool allowed;
	zend_long remaining;
	zend_long retry_us;
	zend_long reset_us;
	zend_long wait_us;
	zend_long mark;       /* reserve: the place's TAT rounded up, or its window's start (µs) */
	zend_long birth;      /* reserve: the birth (µs) of the state the place is counted in */
	bool lost;            /* check: the state no longer holds the place */
} limiter_answer;

/* A limiter's hash has no siblings. */
static const char *const limiter_siblings[] = {NULL};

static zend_object_handlers limiter_handlers;

static inline redislock_limiter_obj *limiter_from_obj(zend_object *obj)
{
	return (redislock_limiter_obj *) ((char *) obj - XtOffsetOf(redislock_limiter_obj, std));
}

static redislock_limiter_obj *this_limiter(zval *this_ptr)
{
	redislock_limiter_obj *l = limiter_from_obj(Z_OBJ_P(this_ptr));
	return redislock_object_ready(&l->base, this_ptr) ? l : NULL;
}

/* A method's end after an argument error or a failed call (the base's one
 * throw). l may be NULL: the object was not ready, which threw. */
#define LIMITER_FAILED(l) REDISLOCK_OBJECT_FAILED((l) ? &(l)->base : NULL)

/* Runs a script on name's key: its reply (the caller frees it), or NULL with the
 * failure recorded (an error reply too). */
static redisReply *run(redislock_limiter_obj *l, const redislock_script *script, redislock_argv *a)
{
	return redislock_script_run(l->conn, script, a, redislock_object_read_timeout(&l->base));
}

/* ---- object handlers ----------------------------------------------------------- */

static zend_object *limiter_create(zend_class_entry *ce)
{
	return redislock_object_create(ce, sizeof(redislock_limiter_obj), &limiter_handlers);
}

/* The base's free_obj and get_debug_info: a limiter has nothing else to free or show. */
void redislock_limiter_startup(zend_class_entry *ce)
{
	redislock_object_startup(ce, &limiter_handlers, XtOffsetOf(redislock_limiter_obj, std), limiter_create, NULL, NULL);
}

/* ---- argument checks -------------------------------------------------------------- */

/* The policies by name, and the letter the script takes for each, in that order. */
static const char *const policies[] = {"token_bucket", "fixed_window", "sliding_window", "stepped_bucket", NULL};
static const char policy_codes[] = "tfsQ";

static const char *policy_name(char code)
{
	const char *at = code ? strchr(policy_codes, code) : NULL;
	return at ? policies[at - policy_codes] : "unknown";
}

/* Checks the arguments consume(), wait() and peek() share (numbered as they
 * are), filling call; false after throwing a ValueError. */
static bool check_call(limiter_call *call, zend_string *name, zend_long limit, double interval, zend_long tokens,
	const zend_string *policy, bool burst_null, zend_long burst)
{
	int policy_at = policy ? redislock_word_index(policy, policies) : 0;

	call->policy = policy_at < 0 ? 0 : policy_codes[policy_at];
	if (!redislock_check_name(name, 1)) {
		return false;
	}
	if (!call->policy) {
		zend_string *words = redislock_words_text(policies);
		zend_argument_value_error(5, "must be %s", ZSTR_VAL(words));
		zend_string_release(words);
		return false;
	}
	if (call->policy == 'f' && (limit < 1 || limit > REDISLOCK_LIMITER_MAX_WINDOW_LIMIT)) {
		zend_argument_value_error(2, "must be between 1 and 10000000000000 (10^13) for a fixed window");
		return false;
	}
	if (call->policy != 'f' && (limit < 1 || limit > REDISLOCK_LIMITER_MAX_COUNT)) {
		zend_argument_value_error(2, "must be between 1 and %d", REDISLOCK_LIMITER_MAX_COUNT);
		return false;
	}
	if (!isfinite(interval) || interval < REDISLOCK_LIMITER_MIN_INTERVAL || interval > REDISLOCK_LIMITER_MAX_INTERVAL) {
		zend_argument_value_error(3, "must be a finite number of seconds from 0.001 to 3153600000 (100 years of 365 days)");
		return false;
	}
	if (!burst_null && call->policy != 't' && call->policy != 'Q') {
		zend_argument_value_error(6, "must be null for the %s policy: only a token bucket has a burst", policy_name(call->policy));
		return false;
	}
	if (burst_null) {
		burst = MIN(limit, REDISLOCK_LIMITER_MAX_COUNT);
	} else if (burst < 1 || burst > REDISLOCK_LIMITER_MAX_COUNT) {
		zend_argument_value_error(6, "must be between 1 and %d", REDISLOCK_LIMITER_MAX_COUNT);
		return false;
	}
	call->name = name;
	call->limit = limit;
	call->interval_us = (zend_long) llround(interval * 1e6);
	call->burst = burst;
	/* Exact to the ps, rounded up: never more than $limit per $interval. The
	 * remainder is below $limit (10^9 but for a fixed window, which has no use
	 * for it), times 10^6 below 2^63. */
	call->emission_us = call->interval_us / limit;
	call->emission_ps = limit > REDISLOCK_LIMITER_MAX_COUNT ? 0 : ((call->interval_us % limit) * 1000000 + limit - 1) / limit;
	if (call->emission_ps >= 1000000) {
		call->emission_us++;
		call->emission_ps -= 1000000;
	}
	if (call->policy == 't' && (double) burst * ((double) call->emission_us + (double) call->emission_ps / 1e6)
		> (double) REDISLOCK_LIMITER_MAX_REFILL_US) {
		zend_argument_value_error(6, "must keep $burst * $interval / $limit at most ten years (315360000 s)");
		return false;
	}
	if (call->policy == 'Q' && ceil((double) burst / (double) limit) * (double) call->interval_us
		> (double) REDISLOCK_LIMITER_MAX_REFILL_US) {
		zend_argument_value_error(6, "must keep $burst * $interval / $limit at most ten years (315360000 s)");
		return false;
	}
	if (tokens < 1 || tokens > burst) {
		if (call->policy == 't' || call->policy == 'Q' || burst == limit) {
			zend_argument_value_error(4, "must be between 1 and %s (" ZEND_LONG_FMT ")",
				call->policy == 't' || call->policy == 'Q' ? "$burst" : "$limit", burst);
		} else {
			/* A fixed window past 10^9: one call takes at most 10^9. */
			zend_argument_value_error(4, "must be between 1 and " ZEND_LONG_FMT " (the most one call takes)", burst);
		}
		return false;
	}
	call->tokens = tokens;
	return true;
}

/* ---- the decision ----------------------------------------------------------------- */

/* Runs the policy's script (rate_<policy>) in mode ('c', 'p', 'r' with max_wait
 * µs, or 'k' with the place's mark as max_wait and its state's birth); false
 * when it failed (recorded). */
static bool decide(redislock_limiter_obj *l, const limiter_call *call, char mode, zend_long max_wait_us, zend_long birth,
	limiter_answer *out)
{
	zend_string *key = redislock_object_key(&l->base, call->name);
	redislock_argv a;
	redisReply *reply;
	bool ok = false;

	/* The state's head, stored with it for inspect(); the mode with its number,
	 * left out for a consume (the script's fast path). */
	char head[4 * MAX_LENGTH_OF_LONG + 8], how[2 * MAX_LENGTH_OF_LONG + 4] = "";

	snprintf(head, sizeof(head), "%c:" ZEND_LONG_FMT ":" ZEND_LONG_FMT ":" ZEND_LONG_FMT ":", call->policy, call->limit,
		call->interval_us, call->burst);
	if (mode == 'p') {
		how[0] = 'p';
		how[1] = '\0';
	} else if (mode == 'k') {
		snprintf(how, sizeof(how), "k" ZEND_LONG_FMT ":" ZEND_LONG_FMT, max_wait_us, birth);
	} else if (mode != 'c') {
		snprintf(how, sizeof(how), "%c" ZEND_LONG_FMT, mode, max_wait_us);
	}
	/* Each policy's script, with the arguments it reads. */
	const redislock_script *script;
	switch (call->policy) {
		case 't':
			script = &redislock_script_rate_token_bucket;
			redislock_script_rate_token_bucket_args(&a, key, head, call->tokens, call->burst, call->emission_us,
				call->emission_ps, how);
			break;
		case 'f':
			script = &redislock_script_rate_fixed_window;
			redislock_script_rate_fixed_window_args(&a, key, head, call->limit, call->interval_us, call->tokens, how);
			break;
		case 'Q':
			script = &redislock_script_rate_stepped_bucket;
			redislock_script_rate_stepped_bucket_args(&a, key, head, call->limit, call->interval_us, call->tokens,
				call->burst, how);
			break;
		default:
			script = &redislock_script_rate_sliding_window;
			redislock_script_rate_sliding_window_args(&a, key, head, call->limit, call->interval_us, call->tokens, how);
			break;
	}
	reply = run(l, script, &a);
	redislock_argv_free(&a);
	zend_string_release(key);
	if (!reply) {
		return false;
	}
	if (reply->type == REDIS_REPLY_ARRAY && reply->elements == 7) {
		ok = true;
		for (size_t i = 0; i < 7; i++) {
			ok = ok && reply->element[i]->type == REDIS_REPLY_INTEGER;
		}
	}
	if (ok) {
		out->allowed = reply->element[0]->integer == 1;
		out->lost = reply->element[0]->integer == -1;
		out->remaining = (zend_long) reply->element[1]->integer;
		out->retry_us = (zend_long) reply->element[2]->integer;
		out->reset_us = (zend_long) reply->element[3]->integer;
		out->wait_us = (zend_long) reply->element[4]->integer;
		out->mark = (zend_long) reply->element[5]->integer;
		out->birth = (zend_long) reply->element[6]->integer;
	} else {
		redislock_conn_set_unexpected(l->conn, reply);
	}
	freeReplyObject(reply);
	return ok;
}

static void answer_to_return(const limiter_answer *ans, zend_long limit, zval *return_value)
{
	array_init_size(return_value, 5);
	add_assoc_bool(return_value, "allowed", ans->allowed);
	add_assoc_long(return_value, "remaining", ans->remaining);
	add_assoc_double(return_value, "retry_after", ans->allowed ? 0.0 : (double) ans->retry_us / 1e6);
	add_assoc_double(return_value, "reset_after", (double) ans->reset_us / 1e6);
	add_assoc_long(return_value, "limit", limit);
}

/* Sleeps until the monotonic time deadline, in slices, serving PHP's signals
 * between them; false when a handler threw or the script ran out of time
 * (recorded on the connection, the handler's exception pending). */
static bool sleep_until(redislock_limiter_obj *l, double deadline)
{
	for (;;) {
		double left = deadline - redislock_now();
		struct timespec ts;

		if (!redislock_serve_signals(l->conn)) {
			return false;
		}
		if (left <= 0) {
			return true;
		}
		left = MIN(left, REDISLOCK_LIMITER_SLEEP_SLICE);
		ts.tv_sec = (time_t) left;
		ts.tv_nsec = (long) ((left - (double) ts.tv_sec) * 1e9);
		/* EINTR: a signal came; the loop serves it and sleeps again. */
		nanosleep(&ts, NULL);
	}
}

/* min_replicas: a decision that consumed counts once that many replicas have
 * it (WAIT, within read_timeout), so that a failover cannot hand the tokens
 * out again. When they do not have it in time, RedisLockTimeoutException says
 * so: the tokens stay taken on the master (a limiter never gives any back), and
 * the caller is not admitted. false then, recorded on the connection. */
static bool replicated(redislock_limiter_obj *l, const zend_string *name)
{
	const redislock_config *cfg = redislock_conn_config(l->conn);
	double started = redislock_now();
	zend_long acked = -1;
	redislock_argv a;
	redisReply *reply;

	if (cfg->min_replicas <= 0) {
		return true;
	}
	redislock_argv_init(&a);
	redislock_argv_push(&a, "WAIT", 4);
	redislock_argv_push_long(&a, cfg->min_replicas);
	redislock_argv_push_long(&a, redislock_seconds_to_ms(cfg->read_timeout));
	/* WAIT answers by its own timeout; the reply gets a second on top. */
	if (redislock_conn_call_timeout(l->conn, &a, cfg->read_timeout + 1.0, &reply) == FAILURE) {
		redislock_argv_free(&a);
		return false;
	}
	redislock_argv_free(&a);
	if (reply->type == REDIS_REPLY_INTEGER) {
		acked = (zend_long) reply->integer;
	}
	if (acked >= cfg->min_replicas) {
		freeReplyObject(reply);
		return true;
	}
	if (acked < 0) {
		redislock_conn_set_unexpected(l->conn, reply);
	} else {
		redislock_conn_set_error(l->conn, REDISLOCK_ERR_TIMEOUT,
			"rate limiter \"%.*s\" on %s: " ZEND_LONG_FMT " of " ZEND_LONG_FMT " replicas had the tokens taken within "
			"%.3f s (min_replicas); they stay taken, and the caller is not admitted",
			(int) MIN(ZSTR_LEN(name), 200), ZSTR_VAL(name), redislock_conn_endpoint(l->conn), acked,
			cfg->min_replicas, redislock_now() - started);
	}
	freeReplyObject(reply);
	return false;
}

/* wait() once the script reserved a place (ans): replicated, slept until, and
 * checked to be still held, ans then the state of now. False after throwing, or
 * with the failure recorded. */
static bool wait_for_place(redislock_limiter_obj *l, const limiter_call *call, limiter_answer *ans)
{
	double answered = redislock_now();
	const zend_string *name = call->name;

	/* The place is taken: replicated before the caller sleeps on it. */
	if (!replicated(l, name)) {
		return false;
	}
	if (ans->wait_us <= 0) {
		return true;
	}
	/* The place is wait_us after the script ran: counted from when its answer
	 * came, the caller is never admitted before its place (at most the reply's
	 * way back after it). */
	if (!sleep_until(l, answered + (double) ans->wait_us / 1e6)) {
		return false;
	}
	/* Whether the server still holds the place, and the state now: a server that
	 * went away throws here, one that came back without the place (a restart, a
	 * failover, a reset()) too. Never asked for again: a place is reserved once. */
	if (!decide(l, call, 'k', ans->mark, ans->birth, ans)) {
		return false;
	}
	if (ans->lost) {
		redislock_throw(redislock_ce_server_exception, "rate limiter \"%.*s\" on %s lost the place this wait() "
			"had reserved (the server restarted or failed over without it, or reset() forgot it, or this caller "
			"woke after the place had passed and the limit of now was taken); it is not asked for again",
			(int) MIN(ZSTR_LEN(name), 200), ZSTR_VAL(name), redislock_conn_endpoint(l->conn));
		return false;
	}
	/* A late waiter is counted in the state of now: replicated as any decision
	 * that consumes. */
	if (!replicated(l, name)) {
		return false;
	}
	ans->allowed = true;
	return true;
}

/* The methods that decide: consume, peek and wait. */
static void decision_method(INTERNAL_FUNCTION_PARAMETERS, char mode)
{
	zend_string *name, *policy = NULL;
	zend_long limit, tokens = 1, burst = 0;
	bool burst_null = true;
	double interval, timeout = 10;
	redislock_limiter_obj *l = NULL;
	limiter_call call;
	limiter_answer ans;

	ZEND_PARSE_PARAMETERS_START(3, mode == 'r' ? 7 : 6)
		Z_PARAM_STR(name)
		Z_PARAM_LONG(limit)
		Z_PARAM_DOUBLE(interval)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(tokens)
		Z_PARAM_STR(policy)
		Z_PARAM_LONG_OR_NULL(burst, burst_null)
		Z_PARAM_DOUBLE(timeout)
	ZEND_PARSE_PARAMETERS_END();

	if (!check_call(&call, name, limit, interval, tokens, policy, burst_null, burst)) {
		RETURN_THROWS();
	}
	if (mode == 'r' && !redislock_check_seconds(timeout, 7, true)) {
		RETURN_THROWS();
	}
	if (mode == 'r' && call.policy == 's') {
		zend_argument_value_error(5, "cannot be \"sliding_window\" for wait(): a sliding window cannot reserve a place "
			"(use \"token_bucket\" or \"fixed_window\")");
		RETURN_THROWS();
	}
	if (!(l = this_limiter(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (mode != 'r') {
		if (!decide(l, &call, mode, 0, 0, &ans) || (mode == 'c' && ans.allowed && !replicated(l, name))) {
			LIMITER_FAILED(l);
		}
	} else {
		if (!decide(l, &call, 'r', (zend_long) floor(timeout * 1e6), 0, &ans)) {
			LIMITER_FAILED(l);
		}
		if (!ans.allowed) {
			RETURN_FALSE;
		}
		if (!wait_for_place(l, &call, &ans)) {
			LIMITER_FAILED(l);
		}
	}
	answer_to_return(&ans, limit, return_value);
}

/* ---- methods ------------------------------------------------------------------ */

PHP_METHOD(RedisRateLimiter, __construct)
{
	redislock_limiter_obj *l = limiter_from_obj(Z_OBJ_P(ZEND_THIS));
	redislock_config cfg;

	/* What a limiter refuses (redlock, the watchdog, min_replicas on a cluster, the
	 * queue's options) is in the option table's rows. */
	if (!redislock_object_parse(execute_data, &l->base, REDISLOCK_CLASS_LIMITER, &cfg)) {
		RETURN_THROWS();
	}
	redislock_object_start(&l->base, &cfg, REDISLOCK_LIMITER_DEFAULT_PREFIX);
}

PHP_METHOD(RedisRateLimiter, consume)
{
	decision_method(INTERNAL_FUNCTION_PARAM_PASSTHRU, 'c');
}

PHP_METHOD(RedisRateLimiter, peek)
{
	decision_method(INTERNAL_FUNCTION_PARAM_PASSTHRU, 'p');
}

PHP_METHOD(RedisRateLimiter, wait)
{
	decision_method(INTERNAL_FUNCTION_PARAM_PASSTHRU, 'r');
}

/* The one-key scripts of reset() and inspect(): the name checked, its key built,
 * the script run. NULL with an exception thrown (the failure recorded on the
 * connection when the call got that far: *l is then set). */
static redisReply *name_script(zval *this_ptr, const zend_string *name, const redislock_script *script,
	void (*args)(redislock_argv *, const zend_string *), redislock_limiter_obj **l)
{
	zend_string *key;
	redislock_argv a;
	redisReply *reply;

	*l = NULL;
	if (!redislock_check_name(name, 1) || !(*l = this_limiter(this_ptr))) {
		return NULL;
	}
	key = redislock_object_key(&(*l)->base, name);
	args(&a, key);
	reply = run(*l, script, &a);
	redislock_argv_free(&a);
	zend_string_release(key);
	return reply;
}

PHP_METHOD(RedisRateLimiter, reset)
{
	zend_string *name;
	redislock_limiter_obj *l;
	redisReply *reply;
	bool removed;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!(reply = name_script(ZEND_THIS, name, &redislock_script_rate_reset, redislock_script_rate_reset_args, &l))) {
		LIMITER_FAILED(l);
	}
	removed = reply->type == REDIS_REPLY_INTEGER && reply->integer > 0;
	freeReplyObject(reply);
	RETURN_BOOL(removed);
}

/* The rate_inspect script's answer (ext/lua/limiter/rate_inspect.lua) as
 * inspect() returns it; false when it is not of that shape. */
static bool inspect_result(const redisReply *r, zval *out)
{
	char code;

	if (r->type != REDIS_REPLY_ARRAY || r->elements != 8 || r->element[0]->type != REDIS_REPLY_STRING
		|| r->element[0]->len != 1) {
		return false;
	}
	for (size_t i = 1; i < 8; i++) {
		if (r->element[i]->type != REDIS_REPLY_INTEGER) {
			return false;
		}
	}
	code = r->element[0]->str[0];
	array_init_size(out, 8);
	add_assoc_string(out, "policy", policy_name(code));
	add_assoc_long(out, "limit", (zend_long) r->element[1]->integer);
	add_assoc_double(out, "interval", (double) r->element[2]->integer / 1e6);
	if (code == 't' || code == 'Q') {
		add_assoc_long(out, "burst", (zend_long) r->element[3]->integer);
	} else {
		add_assoc_null(out, "burst");
	}
	add_assoc_long(out, "remaining", (zend_long) r->element[4]->integer);
	add_assoc_double(out, "retry_after", (double) r->element[5]->integer / 1e6);
	add_assoc_double(out, "reset_after", (double) r->element[6]->integer / 1e6);
	add_assoc_double(out, "backlog", (double) r->element[7]->integer / 1e6);
	return true;
}

PHP_METHOD(RedisRateLimiter, inspect)
{
	zend_string *name;
	redislock_limiter_obj *l;
	redisReply *reply;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!(reply = name_script(ZEND_THIS, name, &redislock_script_rate_inspect, redislock_script_rate_inspect_args, &l))) {
		LIMITER_FAILED(l);
	}
	if (reply->type == REDIS_REPLY_NIL) {
		freeReplyObject(reply);
		RETURN_NULL();
	}
	if (!inspect_result(reply, return_value)) {
		redislock_conn_set_unexpected(l->conn, reply);
		freeReplyObject(reply);
		zval_ptr_dtor(return_value);
		ZVAL_NULL(return_value);
		LIMITER_FAILED(l);
	}
	freeReplyObject(reply);
}

PHP_METHOD(RedisRateLimiter, names)
{
	zend_string *cursor = NULL;
	zend_long count = 100;
	redislock_limiter_obj *l;

	ZEND_PARSE_PARAMETERS_START(0, 2)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(cursor)
		Z_PARAM_LONG(count)
	ZEND_PARSE_PARAMETERS_END();

	if (!(l = this_limiter(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!redislock_names_list(l->conn, l->prefix, limiter_siblings, cursor, count, return_value)) {
		LIMITER_FAILED(l);
	}
}
