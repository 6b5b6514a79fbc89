/* RedisLock on a single server (alone, behind Sentinel, or a cluster's node for
 * the key): SET NX PX for an uncontended acquisition, else the lock and lock_many scripts with
 * their FIFO queue, waiting in BLPOP; the unlock, extend, TTL and fence scripts. */
#include "redislock_lock_backend.h"
#include "redislock_args.h"
#include "redislock_exceptions.h"
#include "redislock_wait.h"

/* The keys of n names as the lock_many and leave_many scripts' builders take them: one array per
 * key (queue and many NULL off a cluster) and one of hints. Borrowed from the
 * lock_keys they are made of. */
typedef struct {
	zend_string **key, **queue, **many;
	const char **hint;
} name_keys;

static void name_keys_init(name_keys *nk, const lock_keys *keys, uint32_t n)
{
	bool cluster = keys[0].queue != NULL;
	nk->key = safe_emalloc(n, sizeof(*nk->key), 0);
	nk->queue = cluster ? safe_emalloc(n, sizeof(*nk->queue), 0) : NULL;
	nk->many = cluster ? safe_emalloc(n, sizeof(*nk->many), 0) : NULL;
	nk->hint = safe_emalloc(n, sizeof(*nk->hint), 0);
	for (uint32_t i = 0; i < n; i++) {
		nk->key[i] = keys[i].key;
		nk->hint[i] = keys[i].hint;
		if (cluster) {
			nk->queue[i] = keys[i].queue;
			nk->many[i] = keys[i].many;
		}
	}
}

static void name_keys_free(name_keys *nk)
{
	efree(nk->key);
	efree(nk->hint);
	if (nk->queue) {
		efree(nk->queue);
		efree(nk->many);
	}
}

/* The fencing counter of the lock key's cluster slot (see fence() in
 * ext/lua/common/fence.lua): one counter per slot, never per name, keeps the
 * number of keys bounded however many names an application locks, and a name's
 * numbers still only grow, since the name never changes slot. */
static zend_string *fence_key(const lock_keys *k)
{
	return redislock_slot_key(k->key, "redislock:fence");
}

/* Runs a script whose answer is an integer: REDISLOCK_YES with it in *out, or
 * REDISLOCK_FAILED. */
static redislock_outcome integer_call(redislock_lock_obj *lock, const redislock_script *script, redislock_argv *a,
	zend_long *out)
{
	redisReply *reply;
	redislock_outcome outcome = REDISLOCK_FAILED;

	if (redislock_script_call(lock->h.conn, script, a, redislock_object_read_timeout(&lock->h.base), &reply) == FAILURE) {
		return REDISLOCK_FAILED;
	}
	if (reply->type == REDIS_REPLY_INTEGER) {
		*out = (zend_long) reply->integer;
		outcome = REDISLOCK_YES;
	} else {
		redislock_conn_set_unexpected(lock->h.conn, reply);
	}
	freeReplyObject(reply);
	return outcome;
}

/* The unlock script's match and hint are trailing arguments, sent only when one
 * says something: the common release is the same command, key and argument as a
 * bare compare-and-delete. */
static void unlock_argv(redislock_argv *a, const lock_keys *k, const zend_string *token, bool suffix)
{
	redislock_script_unlock_args(a, k->key, k->queue, k->many, token, suffix, k->hint);
}

/* Runs the unlock script for n names at once, in one round trip. tokens[i] is a
 * full token, or with suffix the random part only. released[i] tells whether that
 * lock was still ours. */
static zend_result single_release(redislock_lock_obj *lock, zend_string **names, zend_string **tokens,
	uint32_t n, bool suffix, bool *released)
{
	redislock_argv *sets;
	redisReply **replies;
	lock_keys *keys;
	zend_result result;
	bool replies_read;

	sets = safe_emalloc(n, sizeof(*sets), 0);
	replies = safe_emalloc(n, sizeof(*replies), 0);
	keys = safe_emalloc(n, sizeof(*keys), 0);

	for (uint32_t i = 0; i < n; i++) {
		lock_keys_init(&keys[i], lock, names[i]);
		unlock_argv(&sets[i], &keys[i], tokens[i], suffix);
	}
	result = redislock_script_call_many(lock->h.conn, &redislock_script_unlock, sets, n,
		redislock_object_read_timeout(&lock->h.base), replies);
	replies_read = result == SUCCESS;
	for (uint32_t i = 0; i < n && result == SUCCESS; i++) {
		/* An error reply (NOPERM, OOM, ...): the release did not happen; it is
		 * reported like a lost one, and the token kept as an orphan to retry. */
		if (replies[i]->type == REDIS_REPLY_ERROR) {
			redislock_conn_set_error(lock->h.conn, REDISLOCK_ERR_SERVER, "unlock script on %s failed: %.*s",
				redislock_conn_endpoint(lock->h.conn), (int) MIN(replies[i]->len, 512), replies[i]->str);
			result = FAILURE;
		}
	}
	for (uint32_t i = 0; i < n; i++) {
		released[i] = result == SUCCESS && replies[i]->type == REDIS_REPLY_INTEGER && replies[i]->integer == 1;
		if (replies_read) {
			freeReplyObject(replies[i]);
		}
		redislock_argv_free(&sets[i]);
		lock_keys_free(&keys[i]);
	}
	efree(sets);
	efree(replies);
	efree(keys);
	return result;
}


/* Reads the tokens out of an acquire reply: a string for one name, an array of
 * strings for several. False for any other shape. */
static bool reply_tokens(const redisReply *reply, uint32_t n, zend_string **tokens)
{
	if (n == 1 && reply->type == REDIS_REPLY_STRING) {
		tokens[0] = zend_string_init(reply->str, reply->len, 0);
		return true;
	}
	if (n > 1 && reply->type == REDIS_REPLY_ARRAY && reply->elements == n) {
		for (uint32_t i = 0; i < n; i++) {
			if (reply->element[i]->type != REDIS_REPLY_STRING) {
				return false;
			}
		}
		for (uint32_t i = 0; i < n; i++) {
			tokens[i] = zend_string_init(reply->element[i]->str, reply->element[i]->len, 0);
		}
		return true;
	}
	return false;
}

/* min_replicas: an acquisition counts once that many replicas have it (WAIT),
 * within read_timeout; a failover then cannot lose it. When they do not have it in
 * time, it is released again and a RedisLockTimeoutException says so, rather than
 * false: false means "someone else holds it", which is not what happened, and a
 * caller that waits or gives up on that would be misled. On success the tokens
 * stay with the caller; otherwise they are freed. */
static redislock_outcome replicate(redislock_lock_obj *lock, zend_string **names, uint32_t n, zend_string **tokens)
{
	const redislock_config *cfg = redislock_conn_config(lock->h.conn);
	double started = redislock_now();
	/* When the acquisition was sent: what a watchdog counts the first lease from,
	 * not the WAIT below, which sets no lifetime. */
	double acquired = redislock_conn_last_flush(lock->h.conn);
	zend_long acked = -1;
	redislock_argv a;
	redisReply *reply;
	bool *released;

	redislock_argv_init(&a);
	redislock_argv_push(&a, "WAIT", 4);
	redislock_argv_push_long(&a, cfg->min_replicas);
	redislock_argv_push_long(&a, redislock_seconds_to_ms(cfg->read_timeout));
	/* WAIT answers by its own timeout; the reply gets a second on top. */
	if (redislock_conn_call_timeout(lock->h.conn, &a, cfg->read_timeout + 1.0, &reply) == FAILURE) {
		redislock_argv_free(&a);
		/* We hold the locks, replicated or not: ours to clean up. */
		for (uint32_t i = 0; i < n; i++) {
			redislock_holder_orphan_token(&lock->h, names[i], tokens[i]);
			zend_string_release(tokens[i]);
		}
		return REDISLOCK_FAILED;
	}
	redislock_argv_free(&a);
	if (reply->type == REDIS_REPLY_INTEGER) {
		acked = (zend_long) reply->integer;
	}
	if (acked >= cfg->min_replicas) {
		freeReplyObject(reply);
		redislock_conn_set_last_flush(lock->h.conn, acquired);
		return REDISLOCK_YES;
	}
	released = safe_emalloc(n, sizeof(*released), 0);
	if (single_release(lock, names, tokens, n, false, released) == FAILURE) {
		for (uint32_t i = 0; i < n; i++) {
			redislock_holder_orphan_token(&lock->h, names[i], tokens[i]);
		}
	}
	efree(released);
	if (acked < 0) {
		redislock_conn_set_unexpected(lock->h.conn, reply);
	} else {
		redislock_conn_set_error(lock->h.conn, REDISLOCK_ERR_TIMEOUT,
			"lock \"%.*s\" on %s was released again: " ZEND_LONG_FMT " of " ZEND_LONG_FMT " replicas had it within %.3f s (min_replicas)",
			(int) MIN(ZSTR_LEN(names[0]), 200), ZSTR_VAL(names[0]), redislock_conn_endpoint(lock->h.conn), acked,
			cfg->min_replicas, redislock_now() - started);
	}
	freeReplyObject(reply);
	for (uint32_t i = 0; i < n; i++) {
		zend_string_release(tokens[i]);
	}
	return REDISLOCK_FAILED;
}

/* The first try of lock(): SET NX PX, the whole uncontended acquisition. A free
 * key means nobody has a claim on the lock (the scripts hand a released lock
 * straight to the head of its queue, and keep the key while anyone waits), so no
 * queue needs checking. REDISLOCK_YES (taken), REDISLOCK_NO (busy) or
 * REDISLOCK_FAILED. */
static redislock_outcome try_set(redislock_lock_obj *lock, const zend_string *name, const lock_keys *k, zend_string *hex, zend_long ms)
{
	redislock_argv a;
	redisReply *reply;
	redislock_outcome outcome = REDISLOCK_FAILED;

	redislock_argv_init(&a);
	redislock_argv_push(&a, "SET", 3);
	redislock_argv_push_str(&a, k->key);
	redislock_argv_push_str(&a, hex);
	redislock_argv_push(&a, "NX", 2);
	redislock_argv_push(&a, "PX", 2);
	redislock_argv_push_long(&a, ms);
	if (redislock_conn_call_timeout(lock->h.conn, &a, redislock_object_read_timeout(&lock->h.base), &reply)
			== FAILURE) {
		/* Once sent, it may have been set. */
		redislock_holder_lost_reply(&lock->h, name, hex);
	} else {
		/* OK: taken; nil: someone holds it. */
		outcome = reply->type == REDIS_REPLY_STATUS ? REDISLOCK_YES : reply->type == REDIS_REPLY_NIL ? REDISLOCK_NO : REDISLOCK_FAILED;
		if (outcome == REDISLOCK_FAILED) {
			redislock_conn_set_unexpected(lock->h.conn, reply);
		}
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
	return outcome;
}


/* One attempt of a waiter, for one name or several: the lock script or
 * lock_many (which queues up for any mode but ATTEMPT_ONCE). Returns REDISLOCK_YES
 * with tokens set, REDISLOCK_NO with *pttl the ms until it is worth looking
 * again, or REDISLOCK_FAILED. */
static redislock_outcome attempt(redislock_lock_obj *lock, zend_string **names, const lock_keys *keys, uint32_t n,
	zend_string *hex, zend_long ms, char mode, bool fenced, char want, zend_long *pttl, zend_string **tokens)
{
	const redislock_script *script = n == 1 ? &redislock_script_lock : &redislock_script_lock_many;
	/* The fencing counters, declared keys like the others: lockMany() always draws
	 * numbers, one name only when fenced. */
	uint32_t n_counters = n > 1 || fenced ? n : 0;
	zend_string **counters = n_counters ? safe_emalloc(n_counters, sizeof(*counters), 0) : NULL;
	redislock_argv a;
	redisReply *reply;
	redislock_outcome outcome = REDISLOCK_FAILED;

	for (uint32_t i = 0; i < n_counters; i++) {
		counters[i] = fence_key(&keys[i]);
	}
	if (n == 1) {
		redislock_script_lock_args(&a, keys[0].key, keys[0].queue, keys[0].many, fenced ? counters[0] : NULL,
			hex, ms, &mode, fenced, REDISLOCK_ALIVE_MS, keys[0].hint, &want);
	} else {
		name_keys nk;
		name_keys_init(&nk, keys, n);
		redislock_script_lock_many_args(&a, n, counters, nk.key, nk.queue, nk.many, hex, ms,
			mode != ATTEMPT_ONCE ? hex : NULL, REDISLOCK_ALIVE_MS, nk.hint);
		name_keys_free(&nk);
	}
	if (redislock_script_call(lock->h.conn, script, &a, redislock_object_read_timeout(&lock->h.base), &reply)
			== FAILURE) {
		/* Once sent, the script may have run. Not ours to count on; ours to clean
		 * up. A call that failed before sending (no connection) took nothing. */
		for (uint32_t i = 0; i < n && redislock_conn_sent(lock->h.conn); i++) {
			redislock_holder_orphan(&lock->h, names[i], hex);
		}
	} else {
		if (reply->type == REDIS_REPLY_INTEGER) {
			*pttl = (zend_long) reply->integer;
			outcome = REDISLOCK_NO;
		} else if (reply_tokens(reply, n, tokens)) {
			outcome = REDISLOCK_YES;
		} else {
			redislock_conn_set_unexpected(lock->h.conn, reply);
		}
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
	for (uint32_t i = 0; i < n_counters; i++) {
		zend_string_release(counters[i]);
	}
	if (counters) {
		efree(counters);
	}
	return outcome;
}

/* A lockMany() waiter gives up: it leaves the queues. REDISLOCK_NO (not taken),
 * or REDISLOCK_FAILED. (One name leaves in its last attempt, ATTEMPT_LAST.) */
static redislock_outcome give_up(redislock_lock_obj *lock, const lock_keys *keys, uint32_t n, zend_string *hex)
{
	redislock_argv a;
	redislock_outcome outcome;
	zend_long left;
	name_keys nk;

	name_keys_init(&nk, keys, n);
	redislock_script_leave_many_args(&a, n, nk.key, nk.queue, nk.many, hex, nk.hint);
	name_keys_free(&nk);
	outcome = integer_call(lock, &redislock_script_leave_many, &a, &left);
	redislock_argv_free(&a);
	return outcome == REDISLOCK_FAILED ? REDISLOCK_FAILED : REDISLOCK_NO;
}

/* A waiter's BLPOP failed (the connection, or a signal handler that threw):
 * REDISLOCK_FAILED, with what the attempt left on the server cleaned up as far
 * as it can be now. */
static redislock_outcome wait_failed(redislock_lock_obj *lock, zend_string **names, const lock_keys *keys, uint32_t n,
	zend_string *hex)
{
	/* The lock may have been promised to us meanwhile: cleaning the orphan
	 * passes the promise on at once, instead of after our alive mark. */
	if (n == 1) {
		redislock_holder_orphan(&lock->h, names[0], hex);
	}
	if (EG(exception)) {
		/* A signal handler threw: leave the queues now, as the object may
		 * never be called again to clean its orphans. */
		if (n == 1) {
			redislock_holder_prepare(&lock->h);
		} else {
			give_up(lock, keys, n, hex);
		}
	}
	return REDISLOCK_FAILED;
}

/* The keys of an acquisition, and its wake-up lists when it waited (or NULL). */
static void keys_free(lock_keys *keys, zend_string **wake_keys, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		lock_keys_free(&keys[i]);
		if (wake_keys) {
			zend_string_release(wake_keys[i]);
		}
	}
	efree(keys);
	if (wake_keys) {
		efree(wake_keys);
	}
}

/* Takes one lock (in its FIFO queue) or several at once (all or nothing), waiting
 * up to timeout seconds. On success tokens[i] is the new token of names[i]:
 * "<hex>" for one name unless fenced, "<fence>:<hex>" otherwise, "shared:<hex>"
 * for a shared hold, hex being the random part with its label
 * (redislock_holder_new_random()). A promotion refused because another holder's waits is
 * REDISLOCK_NO at once. */
static redislock_outcome single_acquire(redislock_lock_obj *lock, zend_string **names, uint32_t n, double timeout, zend_long ms,
	bool fenced, char want, zend_string *given_hex, zend_string **tokens, bool *gone)
{
	zend_string *hex = given_hex ? zend_string_copy(given_hex) : redislock_holder_new_random(&lock->h);
	zend_string **wake_keys = NULL;
	bool waiting = timeout > 0;
	double deadline = redislock_now() + timeout;
	redislock_generation generation = redislock_fork_generation;
	lock_keys *keys;
	redislock_outcome outcome;

	if (gone) {
		*gone = false;
	}
	if (!hex) {
		/* The CSPRNG failed, and said so. */
		return REDISLOCK_FAILED;
	}
	keys = safe_emalloc(n, sizeof(*keys), 0);
	for (uint32_t i = 0; i < n; i++) {
		lock_keys_init(&keys[i], lock, names[i]);
	}
	if (n == 1 && !fenced && want == WANT_EXCLUSIVE) {
		outcome = try_set(lock, names[0], &keys[0], hex, ms);
		if (outcome == REDISLOCK_YES) {
			tokens[0] = zend_string_copy(hex);
		}
		if (outcome != REDISLOCK_NO || !waiting) {
			goto finish;
		}
	}
	/* Only a caller that may wait needs its wake-up lists. */
	if (waiting) {
		wake_keys = safe_emalloc(n, sizeof(*wake_keys), 0);
		for (uint32_t i = 0; i < n; i++) {
			wake_keys[i] = redislock_holder_wake_key(keys[i].key, hex);
		}
	}
	for (;;) {
		bool last = waiting && deadline - redislock_now() <= 0;
		char mode = !waiting ? ATTEMPT_ONCE : last ? ATTEMPT_LAST : ATTEMPT_QUEUE;
		zend_long pttl = -1;
		double remaining, block;
		bool until_expiry;

		outcome = attempt(lock, names, keys, n, hex, ms, mode, fenced, want, &pttl, tokens);
		if (outcome == REDISLOCK_NO && pttl == PTTL_NOT_HELD) {
			if (gone) {
				*gone = true;
			}
			break;
		}
		if (outcome != REDISLOCK_NO || !waiting || pttl == PTTL_REFUSED) {
			break;
		}
		if (last) {
			if (n > 1) {
				outcome = give_up(lock, keys, n, hex);
			}
			break;
		}
		remaining = deadline - redislock_now();
		if (remaining <= 0) {
			continue;
		}
		block = redislock_block_time(remaining, pttl, &until_expiry);
		if (redislock_blpop(lock->h.conn, wake_keys, n, block, until_expiry) == FAILURE) {
			outcome = wait_failed(lock, names, keys, n, hex);
			break;
		}
		if (generation != redislock_fork_generation) {
			/* A signal handler forked: the child ends the call with nothing and
			 * touches nothing of the wait, which its parent goes on with (both
			 * would otherwise return holding the one lock). */
			outcome = REDISLOCK_NO;
			break;
		}
	}

finish:
	if (outcome == REDISLOCK_YES && redislock_conn_config(lock->h.conn)->min_replicas > 0) {
		outcome = replicate(lock, names, n, tokens);
	}
	keys_free(keys, wake_keys, n);
	zend_string_release(hex);
	return outcome;
}

/* Runs the extend script for a token. */
static redislock_outcome single_extend(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, zend_long ms)
{
	redislock_argv a;
	lock_keys keys;
	redislock_outcome outcome;
	zend_long extended = 0;

	lock_keys_init(&keys, lock, name);
	redislock_script_extend_args(&a, keys.key, keys.queue, keys.many, token, ms, keys.hint);
	outcome = integer_call(lock, &redislock_script_extend, &a, &extended);
	redislock_argv_free(&a);
	lock_keys_free(&keys);
	return outcome == REDISLOCK_FAILED ? REDISLOCK_FAILED : extended == 1 ? REDISLOCK_YES : REDISLOCK_NO;
}

/* Runs the watch script for a token: a new bound for its watches (bound > 0,
 * the hold then gets life, or bound if shorter) or the end of them with life in
 * full (bound < 0). */
static redislock_outcome single_watch(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, zend_long life,
	zend_long bound)
{
	redislock_argv a;
	lock_keys keys;
	redislock_outcome outcome;
	zend_long given = 0;

	lock_keys_init(&keys, lock, name);
	redislock_script_watch_args(&a, keys.key, keys.queue, keys.many, token, life, bound, 0, keys.hint);
	outcome = integer_call(lock, &redislock_script_watch, &a, &given);
	redislock_argv_free(&a);
	lock_keys_free(&keys);
	return outcome == REDISLOCK_FAILED ? REDISLOCK_FAILED : given > 0 ? REDISLOCK_YES : REDISLOCK_NO;
}

/* The ttl script for token (NULL: whoever holds it): whether the lock holds it,
 * and then for how long in *ms (PTTL_FOREVER: without an expiry). */
static redislock_outcome single_pttl(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, zend_long *ms)
{
	redislock_argv a;
	zend_string *key = redislock_object_key(&lock->h.base, name);
	redislock_outcome outcome;
	zend_long pttl = -3;

	redislock_script_ttl_args(&a, key, token);
	outcome = integer_call(lock, &redislock_script_ttl, &a, &pttl);
	redislock_argv_free(&a);
	zend_string_release(key);
	if (outcome == REDISLOCK_FAILED) {
		return REDISLOCK_FAILED;
	}
	if (pttl == -3 || pttl == -2) {
		return REDISLOCK_NO;
	}
	*ms = pttl == -1 ? PTTL_FOREVER : pttl;
	return REDISLOCK_YES;
}

static redislock_outcome single_force(redislock_lock_obj *lock, const zend_string *name)
{
	redislock_argv a;
	lock_keys keys;
	redislock_outcome outcome;
	zend_long existed = 0;

	lock_keys_init(&keys, lock, name);
	redislock_script_force_unlock_args(&a, keys.key, keys.queue, keys.many, keys.hint);
	outcome = integer_call(lock, &redislock_script_force_unlock, &a, &existed);
	redislock_argv_free(&a);
	lock_keys_free(&keys);
	return outcome == REDISLOCK_FAILED ? REDISLOCK_FAILED : existed > 0 ? REDISLOCK_YES : REDISLOCK_NO;
}

/* Draws the fencing number of a lock taken with a plain token, while it still
 * holds that token: REDISLOCK_YES with the new token "<fence>:<hex>" in *fenced,
 * REDISLOCK_NO when it does not hold it any more, or REDISLOCK_FAILED. */
static redislock_outcome single_fence(redislock_lock_obj *lock, const zend_string *name, const zend_string *token, bool owned,
	zend_string **fenced)
{
	redislock_argv a;
	lock_keys keys;
	zend_string *counter;
	redisReply *reply;
	redislock_outcome outcome = REDISLOCK_FAILED;

	lock_keys_init(&keys, lock, name);
	counter = fence_key(&keys);
	redislock_script_fence_args(&a, keys.key, counter, token);
	if (redislock_script_call(lock->h.conn, &redislock_script_fence, &a, redislock_object_read_timeout(&lock->h.base),
			&reply) == FAILURE) {
		/* Once sent, the token may have been rewritten to the fenced one we never
		 * learnt: the lock is no longer one we can name, so it is an orphan to
		 * clean (by its random part) rather than a lock we hold. */
		if (owned && redislock_conn_sent(lock->h.conn)) {
			redislock_holder_orphan(&lock->h, name, (zend_string *) token);
			redislock_holder_forget(&lock->h, name);
		}
	} else {
		if (reply->type == REDIS_REPLY_STRING) {
			*fenced = zend_string_init(reply->str, reply->len, 0);
			outcome = REDISLOCK_YES;
		} else if (reply->type == REDIS_REPLY_INTEGER) {
			outcome = REDISLOCK_NO;
		} else {
			redislock_conn_set_unexpected(lock->h.conn, reply);
		}
		freeReplyObject(reply);
	}
	redislock_argv_free(&a);
	zend_string_release(counter);
	lock_keys_free(&keys);
	return outcome;
}

static void single_throw(const redislock_lock_obj *lock)
{
	redislock_conn_throw(lock->h.conn);
}

/* Whether the lock holds token (a holder past its deadline holds nothing). A PTTL
 * here has no side effect, so this is check(). */
static redislock_outcome single_check(redislock_lock_obj *lock, const zend_string *name, const zend_string *token)
{
	zend_long ms;
	return single_pttl(lock, name, token, &ms);
}

const lock_backend lock_single_backend = {
	.acquire = single_acquire,
	.release = single_release,
	.extend = single_extend,
	.watch = single_watch,
	.pttl = single_pttl,
	.check = single_check,
	.force = single_force,
	.fence = single_fence,
	.throw_failure = single_throw,
	.name = "one server",
	.lacks = {{NULL, NULL}},  /* it can do all */
};
