/* RedisQueue's calls that page through, whatever the queue's layout: a script
 * per page of at most REDISLOCK_QUEUE_PAGE, each atomic, the call as a whole
 * not (see REDISLOCK_QUEUE_PAGE). Their scripts, in ext/lua/queue/, see both
 * layouts. The class calls down into this file; it calls nothing of the class's
 * or of a layout's. */
#include "redislock_queue_pages.h"
#include "redislock_keys.h"
#include "redislock_runner.h"

/* enqueue()'s items, a script per page of at most REDISLOCK_QUEUE_PAGE ids: the
 * ids with a payload first (each followed by it), then the others. Every item's
 * reference goes to a page's command. Returns the number of pages, each page's
 * ids in counts[]. */
static uint32_t enqueue_page_args(redislock_argv *sets, uint32_t *counts, const queue_keys *k, const zend_string *dues,
	zend_string **list, uint32_t n, uint32_t paired, double delay, bool replace, const zend_string *call)
{
	uint32_t bare = n - 2 * paired, pairs_sent = 0, bare_sent = 0, pages = 0;
	zend_string *page[2 * REDISLOCK_QUEUE_PAGE];

	while (pairs_sent < paired || bare_sent < bare) {
		uint32_t p = MIN(paired - pairs_sent, REDISLOCK_QUEUE_PAGE);
		uint32_t b = MIN(bare - bare_sent, REDISLOCK_QUEUE_PAGE - p);

		memcpy(page, list + 2 * pairs_sent, 2 * p * sizeof(*page));
		memcpy(page + 2 * p, list + 2 * paired + bare_sent, b * sizeof(*page));
		pairs_sent += p;
		bare_sent += b;
		counts[pages] = p + b;
		redislock_script_enqueue_args(&sets[pages], 2 * p + b, QUEUE_ALL_KEYS(*k), dues, k->paused, k->keyed, true, delay, call,
			pairs_sent == paired && bare_sent == bare, replace, p, page);
		pages++;
	}
	return pages;
}

/* A failed enqueue() of several pages: the failure recorded, told how many ids
 * went in. failed: the pages whose reply was an error or of another shape (0:
 * the write or a read failed, so that any page may have run). */
static void enqueue_failed(redislock_queue_obj *q, uint32_t n_ids, uint32_t pages, uint32_t failed, uint32_t went_in)
{
	const redislock_status *st = redislock_conn_status(q->conn);
	char cause[REDISLOCK_STATUS_LEN];

	snprintf(cause, sizeof(cause), "%s", st->message);
	if (failed == 0) {
		redislock_conn_set_error(q->conn, st->kind,
			"%s (enqueue() of %u ids in %u pages sent in one write: any of its pages may have run)", cause, n_ids, pages);
	} else {
		redislock_conn_set_error(q->conn, st->kind,
			"%s (enqueue() of %u ids in %u pages sent in one write: %u of them failed, the %u ids of the others went in)",
			cause, n_ids, pages, failed, went_in);
	}
}

/* enqueue() of one id due now (a producer's push): the enqueue_one script, which
 * does what the enqueue script would for the cases it knows and answers -1 for
 * the others, having changed nothing. Returns 1 when it did the enqueue, 0 when
 * the enqueue script must decide (a second script, with a timeout of its own, as
 * a page has), -1 on a failure (recorded on the connection). */
static int enqueue_one(redislock_queue_obj *q, const queue_keys *k, zend_string **list, uint32_t paired, bool replace,
	double timeout)
{
	redislock_argv a;
	redisReply *reply;
	int done;

	redislock_script_enqueue_one_args(&a, k->queue, k->inflight, k->wakeup, k->dead, k->payloads, k->stream, k->index,
		k->settings, k->spare, k->paused, k->keyed, replace, list[0], paired ? list[1] : NULL);
	reply = redislock_queue_run(q, &redislock_script_enqueue_one, &a, timeout);
	redislock_argv_free(&a);
	if (!reply) {
		return -1;
	}
	if (reply->type != REDIS_REPLY_INTEGER || reply->integer < -1 || reply->integer > 1) {
		redislock_conn_set_unexpected(q->conn, reply);
		done = -1;
	} else {
		done = reply->integer >= 0;
	}
	freeReplyObject(reply);
	return done;
}

/* enqueue()'s items, every page in one write and the replies read after: each
 * page is atomic, the list is not, and a worker may take the first page's tasks
 * before the last page runs. The pages do not wait on each other's replies: one
 * that fails (an error reply) does not stop the others, which run and stay; the
 * exception says how many ids went in. A call of several pages carries a token,
 * under which the first of its pages to run records its due time (in T,
 * {K}:due) for the others, so the ids of one call share one due time, taken from
 * the server's clock as one script would have. */
bool redislock_queue_enqueue_pages(redislock_queue_obj *q, const queue_keys *k, zend_string **list, uint32_t n, uint32_t paired,
	double delay, bool replace, double timeout)
{
	uint32_t ids = n - paired, max_pages = (ids + REDISLOCK_QUEUE_PAGE - 1) / REDISLOCK_QUEUE_PAGE;
	uint32_t pages, failed = 0, went_in = 0;
	redislock_argv *sets;
	uint32_t *counts;
	redisReply **replies;
	zend_string *call, *dues;
	bool ok;

	if (ids == 1 && delay == 0) {
		int done = enqueue_one(q, k, list, paired, replace, timeout);
		if (done != 0) {
			for (uint32_t i = 0; i < n; i++) {
				zend_string_release(list[i]);
			}
			return done > 0;
		}
	}
	sets = safe_emalloc(max_pages, sizeof(*sets), 0);
	counts = safe_emalloc(max_pages, sizeof(*counts), 0);
	replies = safe_emalloc(max_pages, sizeof(*replies), 0);
	call = max_pages > 1 ? redislock_random_hex() : NULL;
	dues = redislock_sibling_key(k->queue, ":due");

	pages = enqueue_page_args(sets, counts, k, dues, list, n, paired, delay, replace, call);
	ok = redislock_script_call_many(q->conn, &redislock_script_enqueue, sets, (int) pages, timeout, replies) == SUCCESS;
	for (uint32_t i = 0; ok && i < pages; i++) {
		const redisReply *reply = replies[i];
		if (reply->type == REDIS_REPLY_ARRAY && reply->elements == 2 && reply->element[1]->type == REDIS_REPLY_STRING) {
			went_in += counts[i];
		} else if (failed++ == 0) {
			/* The first failure is the one told. */
			redislock_conn_set_unexpected(q->conn, reply);
		}
	}
	if (ok) {
		for (uint32_t i = 0; i < pages; i++) {
			freeReplyObject(replies[i]);
		}
	}
	if ((!ok || failed > 0) && pages > 1) {
		enqueue_failed(q, ids, pages, failed, went_in);
	}
	for (uint32_t i = 0; i < pages; i++) {
		redislock_argv_free(&sets[i]);
	}
	if (call) {
		zend_string_release(call);
	}
	zend_string_release(dues);
	efree(replies);
	efree(counts);
	efree(sets);
	return ok && failed == 0;
}

/* The [how many, died_by] answer of a page of retryDead() or purgeDead(): false
 * (recorded as unexpected) when it has another shape. *died_by: the time of death
 * the next page keeps to, replaced. */
bool redislock_queue_dead_page_count(redislock_queue_obj *q, const redisReply *reply, zend_long *count, zend_string **died_by)
{
	if (reply->type != REDIS_REPLY_ARRAY || reply->elements != 2 || reply->element[0]->type != REDIS_REPLY_INTEGER
		|| reply->element[1]->type != REDIS_REPLY_STRING) {
		redislock_conn_set_unexpected(q->conn, reply);
		return false;
	}
	*count = (zend_long) reply->element[0]->integer;
	if (*died_by) {
		zend_string_release(*died_by);
	}
	*died_by = zend_string_init(reply->element[1]->str, reply->element[1]->len, 0);
	return true;
}

/* The builder of a page of retryDead() or purgeDead() over all the dead letters. */
typedef void (*dead_page_args)(redislock_argv *a, const queue_keys *k, bool streams, const zend_string *died_by);

static void retry_dead_all_args(redislock_argv *a, const queue_keys *k, bool streams, const zend_string *died_by)
{
	redislock_script_retry_dead_args(a, 0, QUEUE_ALL_KEYS(*k), k->paused, k->keyed, streams, died_by, NULL);
}

static void purge_dead_all_args(redislock_argv *a, const queue_keys *k, bool streams, const zend_string *died_by)
{
	(void) streams;
	redislock_script_purge_dead_args(a, QUEUE_KEYS(*k), k->spare, died_by);
}

/* retryDead() and purgeDead() of all the dead letters: a script per page of at
 * most REDISLOCK_QUEUE_PAGE of the oldest, each atomic, until a page comes back
 * short. The first page reads the server's clock, and every page keeps to the
 * dead letters that died by then: one that dies while the call pages through
 * (another worker's task, or one of its own pages' tasks dying again) is left for
 * the next call, so the call ends, and counts each task once. Workers run in
 * between the pages: a dead letter another caller revives or removes meanwhile is
 * simply not counted here. Returns how many, or -1 with the failure recorded (the
 * pages before it are done). */
static zend_long dead_pages(redislock_queue_obj *q, const queue_keys *k, const redislock_script *script, dead_page_args args)
{
	zend_string *died_by = NULL;
	zend_long total = 0, n;

	do {
		redislock_argv a;
		redisReply *reply;
		bool ok;

		args(&a, k, true, died_by);
		reply = redislock_queue_run(q, script, &a, redislock_object_read_timeout(&q->base));
		redislock_argv_free(&a);
		if (!reply) {
			total = -1;
			break;
		}
		ok = redislock_queue_dead_page_count(q, reply, &n, &died_by);
		freeReplyObject(reply);
		if (!ok) {
			total = -1;
			break;
		}
		total += n;
	} while (n >= REDISLOCK_QUEUE_PAGE);
	if (died_by) {
		zend_string_release(died_by);
	}
	return total;
}

/* The builder of a page of top() or dead(). */
typedef void (*listing_args)(redislock_argv *a, const queue_keys *k, zend_long count, const zend_string *after,
	const zend_string *after_score, const zend_string *cut);

static void top_page_args(redislock_argv *a, const queue_keys *k, zend_long count, const zend_string *after,
	const zend_string *after_score, const zend_string *cut)
{
	(void) cut;
	redislock_script_top_args(a, QUEUE_ALL_KEYS(*k), count, after, after_score);
}

static void dead_page_args_of(redislock_argv *a, const queue_keys *k, zend_long count, const zend_string *after,
	const zend_string *after_score, const zend_string *cut)
{
	redislock_script_dead_args(a, QUEUE_KEYS(*k), k->spare, count, after, after_score, cut ? cut : ZSTR_EMPTY_ALLOC());
}

/* A page's reply as a list of entries, each with its "id"; false (recorded) when it has another shape. */
typedef bool (*listing_entries)(redislock_conn *conn, const redisReply *reply, zval *list);

static bool top_entries(redislock_conn *conn, const redisReply *reply, zval *list)
{
	return redislock_queue_tasks_to_return(conn, reply, 0, false, NULL, 0, 2, list);
}

/* top() and dead(): a script per page of at most REDISLOCK_QUEUE_PAGE, in order,
 * until count are listed or a page comes back short. Each page resumes right
 * after the last entry of the one before (rank_after() in common/page.lua): an
 * entry that stays through the call is listed once, in its place; one that comes
 * or goes meanwhile may be listed or not. A page resumes at the first entry of
 * the last one's score when that last one left, so entries listed already are
 * dropped here (by id: a sorted set holds an id once). stride: the reply's
 * elements per entry, the id and its score first. Appends to list; false with the
 * failure recorded. */
static bool list_pages(redislock_queue_obj *q, const queue_keys *k, const redislock_script *script, listing_args args,
	listing_entries entries, size_t stride, zend_long count, const zend_string *cut, zval *list)
{
	zend_string *after = NULL, *after_score = NULL;
	HashTable seen;
	bool ok = true, more = true;

	zend_hash_init(&seen, 0, NULL, NULL, 0);
	while (ok && more && count > 0) {
		zend_long want = MIN(count, REDISLOCK_QUEUE_PAGE);
		redislock_argv a;
		redisReply *reply;
		zval page, *entry;

		args(&a, k, want, after, after_score, cut);
		reply = redislock_queue_run(q, script, &a, redislock_object_read_timeout(&q->base));
		redislock_argv_free(&a);
		if (!reply) {
			ok = false;
			break;
		}
		if (!entries(q->conn, reply, &page)) {
			freeReplyObject(reply);
			ok = false;
			break;
		}
		more = (zend_long) (reply->elements / stride) == want;
		if (reply->elements > 0) {
			const redisReply *last = reply->element[reply->elements - stride];
			if (after) {
				zend_string_release(after);
				zend_string_release(after_score);
			}
			after = zend_string_init(last->str, last->len, 0);
			last = reply->element[reply->elements - stride + 1];
			after_score = zend_string_init(last->str, last->len, 0);
		}
		freeReplyObject(reply);
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL(page), entry) {
			zval *id = zend_hash_str_find(Z_ARRVAL_P(entry), "id", sizeof("id") - 1);
			if (count > 0 && zend_hash_add_empty_element(&seen, Z_STR_P(id))) {
				Z_ADDREF_P(entry);
				add_next_index_zval(list, entry);
				count--;
			}
		} ZEND_HASH_FOREACH_END();
		zval_ptr_dtor(&page);
	}
	zend_hash_destroy(&seen);
	if (after) {
		zend_string_release(after);
		zend_string_release(after_score);
	}
	return ok;
}

zend_long redislock_queue_dead_pages(redislock_queue_obj *q, const queue_keys *k, bool retry)
{
	return retry ? dead_pages(q, k, &redislock_script_retry_dead, retry_dead_all_args)
		: dead_pages(q, k, &redislock_script_purge_dead, purge_dead_all_args);
}

bool redislock_queue_list_pages(redislock_queue_obj *q, const queue_keys *k, bool dead, zend_long count, const zend_string *cut,
	zval *list)
{
	return dead ? list_pages(q, k, &redislock_script_dead, dead_page_args_of, redislock_queue_dead_to_return, 4, count, cut, list)
		: list_pages(q, k, &redislock_script_top, top_page_args, top_entries, 3, count, NULL, list);
}

zend_long redislock_queue_retry_dead_ids(redislock_queue_obj *q, const queue_keys *k, zend_string **list, uint32_t n)
{
	zend_long moved = 0;
	uint32_t sent = 0;

	while (sent < n) {
		uint32_t m = MIN(n - sent, REDISLOCK_QUEUE_PAGE);
		zend_string *died_by = NULL;
		zend_long revived;
		redislock_argv a;
		redisReply *reply;
		bool ok;

		redislock_script_retry_dead_args(&a, m, QUEUE_ALL_KEYS(*k), k->paused, k->keyed, true, NULL, list + sent);
		sent += m;
		reply = redislock_queue_run(q, &redislock_script_retry_dead, &a, redislock_object_read_timeout(&q->base));
		redislock_argv_free(&a);
		ok = reply && redislock_queue_dead_page_count(q, reply, &revived, &died_by);
		if (reply) {
			freeReplyObject(reply);
		}
		if (died_by) {
			zend_string_release(died_by);
		}
		if (!ok) {
			moved = -1;
			break;
		}
		moved += revived;
	}
	for (uint32_t i = sent; i < n; i++) {
		zend_string_release(list[i]);
	}
	return moved;
}
