/* Redlock across independent masters.
 *
 * Every step is one round: the same command is written to every server first,
 * and only then are the replies read, so a round costs about the slowest
 * server's round trip, not the sum of them. A lock counts as taken when a
 * majority set it within its validity:
 *
 *     validity = TTL - elapsed - drift,  drift = TTL / 100 + 2 ms
 *
 * (the drift covers the servers' clocks running at slightly different rates and
 * the timer granularity). A failed attempt releases the lock on every server, so
 * a minority that said yes does not keep it until its TTL. Servers that are down
 * are skipped while a majority answers; when fewer answer, the call fails (its
 * status recorded in r->st, for the method to throw).
 *
 * What this mode does not have: fencing numbers (each server would count on its
 * own; no number is comparable across majorities), and the FIFO waiting queue.
 * A waiter blocks on one server's wake-up list, which every unlock there pushes
 * to; the block is capped by that server's TTL of the lock, so a crashed holder
 * costs no more than its lifetime. */
#include "redislock_redlock.h"
#include "redislock_exceptions.h"
#include "redislock_keys.h"
#include "redislock_resp.h"
#include "redislock_runner.h"
#include "redislock_wait.h"
#include "ext/random/php_random.h"
#include <math.h>
#include <unistd.h>

/* A waiter comes back at least this often (seconds), as in the single-server mode. */
#define REDLOCK_WAIT_ROUND 2.0

redislock_redlock *redislock_redlock_create(redislock_config *cfg)
{
	redislock_redlock *r = ecalloc(1, sizeof(*r));
	r->count = cfg->member_count;
	r->quorum = r->count / 2 + 1;
	r->read_timeout = cfg->read_timeout;
	r->members = safe_emalloc(r->count, sizeof(*r->members), 0);
	for (uint32_t i = 0; i < r->count; i++) {
		r->members[i] = redislock_conn_create(&cfg->members[i]);
	}
	return r;
}

void redislock_redlock_destroy(redislock_redlock *r)
{
	for (uint32_t i = 0; i < r->count; i++) {
		redislock_conn_destroy(r->members[i]);
	}
	efree(r->members);
	efree(r);
}

static zend_long drift_ms(zend_long ms)
{
	return ms / 100 + 2;
}

/* The first failure of a round, to explain a missing majority. */
typedef struct {
	char text[384];
	bool set;
} first_error;

static void note_error(first_error *e, redislock_conn *c)
{
	if (!e->set) {
		strlcpy(e->text, redislock_conn_status(c)->message, sizeof(e->text));
		e->set = true;
	}
}

/* cmds[0..n) as EVALSHA, encoded once to be written to every server. False (the
 * error noted) when memory runs out. */
static bool encode_round(const redislock_script *script, redislock_argv *cmds, uint32_t n, redislock_buf *encoded,
	first_error *error)
{
	for (uint32_t i = 0; i < n; i++) {
		redislock_script_use(&cmds[i], script, false);
		if (!redislock_resp_append(encoded, cmds[i].argc, cmds[i].argv, cmds[i].lens)) {
			snprintf(error->text, sizeof(error->text), "out of memory encoding %s", script->name);
			error->set = true;
			return false;
		}
	}
	return true;
}

/* Reads one server's replies to cmds[0..n) into mine; the commands that found no
 * script are sent again once, as EVAL, and their replies read. False when the
 * server failed on the way (mine may hold some replies). */
static bool read_member(redislock_conn *c, const redislock_script *script, redislock_argv *cmds, uint32_t n,
	double deadline, redisReply **mine)
{
	bool missing = false, ok = true;

	for (uint32_t i = 0; i < n; i++) {
		if (redislock_conn_read(c, deadline, &mine[i]) == FAILURE) {
			return false;
		}
		missing = missing || redislock_reply_is_noscript(mine[i]);
	}
	if (!missing) {
		return true;
	}
	for (uint32_t i = 0; i < n; i++) {
		if (redislock_reply_is_noscript(mine[i])) {
			freeReplyObject(mine[i]);
			mine[i] = NULL;
			redislock_script_use(&cmds[i], script, true);
			ok = ok && redislock_conn_append(c, &cmds[i]) == SUCCESS;
			redislock_script_use(&cmds[i], script, false);
		}
	}
	if (!ok || redislock_conn_flush(c, deadline) == FAILURE) {
		return false;
	}
	for (uint32_t i = 0; i < n; i++) {
		if (!mine[i] && redislock_conn_read(c, deadline, &mine[i]) == FAILURE) {
			return false;
		}
	}
	return true;
}

/* One round: cmds[0..n) to every server, all written before any reply is read.
 * replies[m * n + i] is server m's reply to cmds[i], or NULL when server m failed
 * (connect, send, read). A server without the script gets it once (EVAL). Returns
 * how many servers answered; lost_on[m] (when given) tells whether server m was sent
 * the commands but did not answer them all, so they may or may not have run. */
static uint32_t round_trip(redislock_redlock *r, const redislock_script *script, redislock_argv *cmds, uint32_t n,
	redisReply **replies, first_error *error, bool *lost_on)
{
	bool *sent = ecalloc(r->count, sizeof(*sent));
	uint32_t answered = 0;
	double deadline;
	redislock_buf encoded = {0};

	for (uint32_t k = 0; k < r->count * n; k++) {
		replies[k] = NULL;
	}
	if (!encode_round(script, cmds, n, &encoded, error)) {
		redislock_buf_free(&encoded);
		efree(sent);
		return 0;
	}
	for (uint32_t m = 0; m < r->count; m++) {
		redislock_conn *c = r->members[m];
		redislock_conn_begin(c, script->name);
		if (redislock_conn_ensure(c) == FAILURE) {
			note_error(error, c);
			continue;
		}
		if (redislock_conn_append_raw(c, encoded.data, encoded.len, (int) n) == FAILURE
				|| redislock_conn_flush(c, redislock_now() + r->read_timeout) == FAILURE) {
			note_error(error, c);
			continue;
		}
		sent[m] = true;
	}

	deadline = redislock_now() + r->read_timeout;
	for (uint32_t m = 0; m < r->count; m++) {
		redislock_conn *c = r->members[m];
		redisReply **mine = replies + m * n;
		bool ok = sent[m] && read_member(c, script, cmds, n, deadline, mine);

		if (lost_on) {
			lost_on[m] = sent[m] && !ok;
		}
		if (!ok) {
			if (sent[m]) {
				note_error(error, c);
			}
			for (uint32_t i = 0; i < n; i++) {
				if (mine[i]) {
					freeReplyObject(mine[i]);
					mine[i] = NULL;
				}
			}
			continue;
		}
		answered++;
	}
	efree(sent);
	redislock_buf_free(&encoded);
	return answered;
}

static void free_replies(redisReply **replies, uint32_t count)
{
	for (uint32_t k = 0; k < count; k++) {
		if (replies[k]) {
			freeReplyObject(replies[k]);
			replies[k] = NULL;
		}
	}
}

/* Records "not enough servers". */
static void no_majority(redislock_redlock *r, const char *what, uint32_t answered, const first_error *error, double started)
{
	redislock_status_set(&r->st, REDISLOCK_ERR_CONNECT, 0,
		"%s failed after %.3f s: %u of %u redlock servers answered, a majority needs %u (%s)",
		what, redislock_now() - started, answered, r->count, r->quorum, error->set ? error->text : "no error recorded");
}

/* The first error reply among replies, if any. */
static const redisReply *error_reply(redisReply **replies, uint32_t count)
{
	for (uint32_t k = 0; k < count; k++) {
		if (replies[k] && replies[k]->type == REDIS_REPLY_ERROR) {
			return replies[k];
		}
	}
	return NULL;
}

/* A lock key's wake-up list, in its cluster slot: a new string. */
static zend_string *wake_key(zend_string *key)
{
	return redislock_sibling_key(key, ":wake");
}

static void release_argv(redislock_argv *a, zend_string *key, zend_string *token, const char *mode)
{
	redislock_script_redlock_release_args(a, key, wake_key(key), token, mode);
}

/* One release round; returns how many servers answered, and when answered_on is
 * given, which. */
static uint32_t release_round(redislock_redlock *r, zend_string **keys, zend_string **tokens,
	uint32_t n, const char *mode, bool *released, bool *answered_on)
{
	redislock_argv *cmds = safe_emalloc(n, sizeof(*cmds), 0);
	redisReply **replies = safe_emalloc((size_t) r->count * n, sizeof(*replies), 0);
	first_error error = {0};
	double started = redislock_now();
	uint32_t answered;

	for (uint32_t i = 0; i < n; i++) {
		release_argv(&cmds[i], keys[i], tokens[i], mode);
	}
	answered = round_trip(r, &redislock_script_redlock_release, cmds, n, replies, &error, NULL);
	for (uint32_t m = 0; answered_on && m < r->count; m++) {
		answered_on[m] = replies[m * n] != NULL;
	}
	for (uint32_t i = 0; i < n; i++) {
		uint32_t yes = 0;
		for (uint32_t m = 0; m < r->count; m++) {
			redisReply *reply = replies[m * n + i];
			yes += reply && reply->type == REDIS_REPLY_INTEGER && reply->integer == 1;
		}
		released[i] = yes >= r->quorum;
		redislock_argv_free(&cmds[i]);
	}
	free_replies(replies, r->count * n);
	efree(cmds);
	efree(replies);
	if (answered < r->quorum) {
		no_majority(r, "redlock unlock", answered, &error, started);
	}
	return answered;
}

zend_result redislock_redlock_release(redislock_redlock *r, zend_string **keys, zend_string **tokens,
	uint32_t n, bool suffix, bool *released)
{
	return release_round(r, keys, tokens, n, suffix ? "suffix" : "exact", released, NULL) >= r->quorum ? SUCCESS : FAILURE;
}

redislock_outcome redislock_redlock_force(redislock_redlock *r, zend_string *key)
{
	zend_string *none = ZSTR_EMPTY_ALLOC();
	bool removed;
	if (release_round(r, &key, &none, 1, "force", &removed, NULL) < r->quorum) {
		return REDISLOCK_FAILED;
	}
	return removed ? REDISLOCK_YES : REDISLOCK_NO;
}

/* After a failed attempt: give back what a minority granted. involved[m] (when
 * given) marks the servers that may hold something of ours; returns false when one
 * of them did not answer, so that it may keep it until its TTL, or until the
 * caller's orphan cleanup reaches it. */
static bool release_quietly(redislock_redlock *r, zend_string **keys, uint32_t n, const zend_string *token,
	const bool *involved)
{
	zend_string **tokens = safe_emalloc(n, sizeof(*tokens), 0);
	bool *released = safe_emalloc(n, sizeof(*released), 0);
	bool *answered_on = safe_emalloc(r->count, sizeof(*answered_on), 0);
	redislock_status saved = r->st;
	bool all = true;

	for (uint32_t i = 0; i < n; i++) {
		tokens[i] = (zend_string *) token;
	}
	release_round(r, keys, tokens, n, "exact", released, answered_on);
	for (uint32_t m = 0; involved && m < r->count; m++) {
		all = all && (!involved[m] || answered_on[m]);
	}
	r->st = saved;
	efree(tokens);
	efree(released);
	efree(answered_on);
	return all;
}

/* Blocks on server m's wake-up lists for up to seconds. Any failure only ends the
 * wait early (the next attempt finds out what is wrong), but for the end of the
 * whole wait that PHP's signal handlers may call for (see redislock_serve_signals()):
 * false then, with the cause in r. */
static bool wait_for_wakeup(redislock_redlock *r, uint32_t m, zend_string **keys, uint32_t n, double seconds)
{
	redislock_conn *c = r->members[m];
	redislock_argv a;
	redisReply *reply;
	double started = redislock_now();
	bool go_on = true;

	if (!redislock_serve_signals(c)) {
		redislock_status_set(&r->st, REDISLOCK_ERR_INTERRUPTED, 0, "redlock lock: %s", redislock_conn_status(c)->message);
		return false;
	}
	redislock_argv_init(&a);
	redislock_argv_push(&a, "BLPOP", 5);
	for (uint32_t i = 0; i < n; i++) {
		redislock_argv_push_owned(&a, wake_key(keys[i]));
	}
	/* The server's own timeout is a fallback: we keep the deadline (see redislock_blpop). */
	redislock_argv_push_double(&a, MAX(seconds, 0.001) + 0.05);
	if (redislock_conn_call_interruptible(c, &a, seconds + 0.002, &redislock_php_signals, &reply) == SUCCESS) {
		freeReplyObject(reply);
	} else if (redislock_conn_status(c)->kind == REDISLOCK_ERR_INTERRUPTED) {
		if (!(go_on = redislock_serve_signals(c))) {
			redislock_status_set(&r->st, REDISLOCK_ERR_INTERRUPTED, 0, "redlock lock: %s", redislock_conn_status(c)->message);
		}
	} else if (redislock_conn_status(c)->kind != REDISLOCK_ERR_TIMEOUT && redislock_now() - started < 0.001) {
		/* The server is unreachable: do not spin on it. */
		usleep((useconds_t) (MIN(seconds, 0.01) * 1000000.0));
	}
	redislock_argv_free(&a);
	return go_on;
}

/* A random pause of 1 to 10 ms (at most the time left), after a round where
 * nobody won a majority: contenders that retry in step would split again. */
static void split_vote_pause(double remaining)
{
	uint32_t jitter = 0;
	double pause;
	php_random_bytes_silent(&jitter, sizeof(jitter));
	pause = 0.001 + (jitter % 9000) / 1000000.0;
	usleep((useconds_t) (MIN(pause, remaining) * 1000000.0));
}

/* The votes of an acquire round: how many servers granted the lock, the first
 * that another holds it on (busy_on, UINT32_MAX: none) and its PTTL; involved[m]
 * is set for a server that granted it. True when any server may hold it for us
 * (one granted it, or lost its reply after the script may have run). */
static bool count_votes(const redislock_redlock *r, redisReply **replies, bool *involved, uint32_t *granted,
	uint32_t *busy_on, zend_long *busy_pttl)
{
	bool any_involved = false;

	for (uint32_t m = 0; m < r->count; m++) {
		redisReply *reply = replies[m];
		if (!reply) {
			any_involved = any_involved || involved[m];
			continue;
		}
		if (reply->type == REDIS_REPLY_STATUS) {
			(*granted)++;
			involved[m] = any_involved = true;
		} else if (reply->type == REDIS_REPLY_INTEGER && *busy_on == UINT32_MAX) {
			*busy_on = m;
			*busy_pttl = (zend_long) reply->integer;
		}
	}
	return any_involved;
}

/* Error replies (OOM, no permission) may keep a majority out of reach: then the
 * status says so, and true. */
static bool refused_by_majority(redislock_redlock *r, redisReply **replies, uint32_t answered, double started)
{
	const redisReply *refused = error_reply(replies, r->count);
	uint32_t errors = 0;

	if (!refused) {
		return false;
	}
	for (uint32_t m = 0; m < r->count; m++) {
		errors += replies[m] && replies[m]->type == REDIS_REPLY_ERROR;
	}
	if (answered - errors >= r->quorum) {
		return false;
	}
	redislock_status_set(&r->st, REDISLOCK_ERR_SERVER, 0, "redlock lock failed after %.3f s: %u of %u servers refused: %.*s",
		redislock_now() - started, errors, r->count, (int) MIN(refused->len, 256), refused->str);
	return true;
}

/* Before another round: waits on busy_on's wake-up list for a release (no longer
 * than its holder's PTTL, nor the time remaining), or, when nobody held it and
 * the vote split, a random pause. False when the whole wait must end (see
 * wait_for_wakeup()), the cause in r. */
static bool wait_for_another_round(redislock_redlock *r, uint32_t busy_on, zend_long busy_pttl, zend_string **keys,
	uint32_t n, double remaining)
{
	double block = MIN(remaining, REDLOCK_WAIT_ROUND);

	if (busy_on == UINT32_MAX) {
		split_vote_pause(remaining);
		return true;
	}
	if (busy_pttl >= 0 && (busy_pttl + 1) / 1000.0 < block) {
		block = (busy_pttl + 1) / 1000.0;
	}
	return wait_for_wakeup(r, busy_on, keys, n, block);
}

redislock_outcome redislock_redlock_acquire(redislock_redlock *r, zend_string **keys, uint32_t n,
	const zend_string *token, zend_long ms, double timeout)
{
	redislock_argv cmd;
	redisReply **replies = safe_emalloc(r->count, sizeof(*replies), 0);
	bool *involved = safe_emalloc(r->count, sizeof(*involved), 0);
	double deadline = redislock_now() + timeout, started = redislock_now();
	redislock_outcome outcome = REDISLOCK_FAILED;

	r->maybe_held = false;
	redislock_script_redlock_acquire_args(&cmd, n, keys, token, ms);

	for (;;) {
		first_error error = {0};
		double round_start = redislock_now(), remaining;
		uint32_t answered, granted = 0, busy_on = UINT32_MAX;
		bool any_involved = false;
		zend_long busy_pttl = -1, validity;

		answered = round_trip(r, &redislock_script_redlock_acquire, &cmd, 1, replies, &error, involved);
		any_involved = count_votes(r, replies, involved, &granted, &busy_on, &busy_pttl);
		validity = ms - (zend_long) ((redislock_now() - round_start) * 1000.0) - drift_ms(ms);
		if (granted >= r->quorum && validity > 0) {
			free_replies(replies, r->count);
			outcome = REDISLOCK_YES;
			break;
		}
		if (any_involved) {
			/* A minority said yes, or a reply was lost after the script may have run.
			 * (A server that could not be sent to holds nothing of ours.) */
			r->maybe_held = !release_quietly(r, keys, n, token, involved);
		}
		if (answered < r->quorum) {
			free_replies(replies, r->count);
			no_majority(r, "redlock lock", answered, &error, started);
			break;
		}
		if (refused_by_majority(r, replies, answered, started)) {
			free_replies(replies, r->count);
			break;
		}
		free_replies(replies, r->count);

		remaining = deadline - redislock_now();
		if (remaining <= 0) {
			outcome = REDISLOCK_NO;
			break;
		}
		if (!wait_for_another_round(r, busy_on, busy_pttl, keys, n, remaining)) {
			break;
		}
	}
	redislock_argv_free(&cmd);
	efree(replies);
	efree(involved);
	return outcome;
}

redislock_outcome redislock_redlock_extend(redislock_redlock *r, zend_string *key, zend_string *token, zend_long ms)
{
	redislock_argv cmd;
	redisReply **replies = safe_emalloc(r->count, sizeof(*replies), 0);
	first_error error = {0};
	double started = redislock_now();
	uint32_t answered, extended = 0;
	zend_long validity;
	redislock_outcome result;
	const char *hint;

	/* One key (a Redlock key has no queue), and the sibling hint every caller of the
	 * script sends: without it a name with an unmatched brace that someone else
	 * holds would fail the script instead of answering 0. */
	hint = redislock_sibling_hint(key);
	redislock_script_extend_args(&cmd, key, NULL, NULL, token, ms, hint ? hint : "");
	answered = round_trip(r, &redislock_script_extend, &cmd, 1, replies, &error, NULL);
	for (uint32_t m = 0; m < r->count; m++) {
		extended += replies[m] && replies[m]->type == REDIS_REPLY_INTEGER && replies[m]->integer == 1;
	}
	free_replies(replies, r->count);
	efree(replies);
	redislock_argv_free(&cmd);
	validity = ms - (zend_long) ((redislock_now() - started) * 1000.0) - drift_ms(ms);

	if (extended >= r->quorum && validity > 0) {
		result = REDISLOCK_YES;
	} else if (answered < r->quorum) {
		no_majority(r, "redlock expire", answered, &error, started);
		result = REDISLOCK_FAILED;
	} else {
		/* Lost: a majority no longer has our token. Let go of the rest. */
		release_quietly(r, &key, 1, token, NULL);
		result = REDISLOCK_NO;
	}
	return result;
}

static int compare_desc(const void *a, const void *b)
{
	zend_long x = *(const zend_long *) a, y = *(const zend_long *) b;
	return x < y ? 1 : x > y ? -1 : 0;
}

zend_long redislock_redlock_pttl(redislock_redlock *r, zend_string *key, zend_string *token, bool give_back)
{
	redislock_argv cmd;
	redisReply **replies = safe_emalloc(r->count, sizeof(*replies), 0);
	zend_long *left = safe_emalloc(r->count, sizeof(*left), 0);
	first_error error = {0};
	double started = redislock_now();
	uint32_t answered, holding = 0;
	zend_long result;

	if (token) {
		redislock_script_ttl_args(&cmd, key, token);
	} else {
		redislock_script_pttl_args(&cmd, key);
	}
	answered = round_trip(r, token ? &redislock_script_ttl : &redislock_script_pttl, &cmd, 1, replies, &error, NULL);
	for (uint32_t m = 0; m < r->count; m++) {
		redisReply *reply = replies[m];
		if (reply && reply->type == REDIS_REPLY_INTEGER && reply->integer != -2 && reply->integer != -3) {
			/* -1: a key without expiry, longer than any lifetime. */
			left[holding++] = reply->integer == -1 ? ZEND_LONG_MAX : (zend_long) reply->integer;
		}
	}
	free_replies(replies, r->count);
	redislock_argv_free(&cmd);
	if (answered < r->quorum) {
		no_majority(r, token ? "redlock ttl" : "redlock isLocked", answered, &error, started);
		result = REDLOCK_PTTL_FAILED;
	} else if (holding < r->quorum) {
		if (token && give_back) {
			/* Lost, as in redislock_redlock_extend(): let go of what a minority still has. */
			release_quietly(r, &key, 1, token, NULL);
		}
		result = -1;
	} else {
		qsort(left, holding, sizeof(*left), compare_desc);
		/* The majority keeps the lock until the quorum-th longest lifetime ends. */
		result = left[r->quorum - 1] == ZEND_LONG_MAX ? -2 : left[r->quorum - 1];
	}
	efree(left);
	efree(replies);
	return result;
}
