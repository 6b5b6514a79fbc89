/* RedisQueue's views of the tasks that top() does not list, whatever the queue's
 * layout: delayed() (the tasks not due yet) and reserved() (the tasks in flight).
 * A script per page (ext/lua/queue/delayed.lua and reserved.lua) of at most
 * REDISLOCK_QUEUE_PAGE tasks or about a MiB of payloads, each atomic, the call
 * as a whole not: each page resumes after the last task of the one before, so a
 * task that stays through the call is listed once, in its place; one that
 * comes, goes or moves meanwhile may be listed or not, and none twice (by id).
 * A page says whether more may follow (it ended full or on its byte budget)
 * and where the next one resumes. The class calls down into this file; it
 * calls nothing of the class's or of a layout's. */
#include "redislock_queue_views.h"
#include "redislock_runner.h"

/* A page's reply: [more, after, at], where the next page resumes (the last
 * place its script looked at: a task, or a PEL entry that is none), then the
 * tasks, each of delayed.lua's [id, score, attempts, payload] or reserved.lua's
 * [id, deadline, attempts, payload, parked]. */
#define HEADER 3
#define DELAYED_STRIDE 4
#define RESERVED_STRIDE 5

static bool is_str(const redisReply *r)
{
	return r->type == REDIS_REPLY_STRING;
}

static bool str_or_nil(const redisReply *r)
{
	return r->type == REDIS_REPLY_STRING || r->type == REDIS_REPLY_NIL;
}

/* Whether a page's reply has the shape its script gives. */
static bool page_shape(const redisReply *reply, bool in_flight)
{
	size_t stride = in_flight ? RESERVED_STRIDE : DELAYED_STRIDE;

	if (reply->type != REDIS_REPLY_ARRAY || reply->elements < HEADER || (reply->elements - HEADER) % stride != 0
		|| reply->element[0]->type != REDIS_REPLY_INTEGER || !is_str(reply->element[1]) || !is_str(reply->element[2])) {
		return false;
	}
	for (size_t i = HEADER; i < reply->elements; i += stride) {
		redisReply **e = reply->element + i;
		bool ok = is_str(e[0]) && str_or_nil(e[1]) && e[2]->type == REDIS_REPLY_INTEGER && str_or_nil(e[3])
			&& (!in_flight || str_or_nil(e[4]));
		if (!ok || (!in_flight && !is_str(e[1]))) {
			return false;
		}
	}
	return true;
}

static void add_time_or_null(zval *entry, const char *key, size_t len, const redisReply *r)
{
	if (r->type == REDIS_REPLY_STRING) {
		add_assoc_double_ex(entry, key, len, zend_strtod(r->str, NULL));
	} else {
		add_assoc_null_ex(entry, key, len);
	}
}

/* One task of a page as the method returns it. */
static void task_entry(zval *entry, redisReply **e, bool in_flight)
{
	array_init_size(entry, 5);
	add_assoc_stringl(entry, "id", e[0]->str, e[0]->len);
	if (in_flight) {
		add_time_or_null(entry, "deadline", sizeof("deadline") - 1, e[1]);
	} else {
		add_assoc_double(entry, "score", zend_strtod(e[1]->str, NULL));
	}
	add_assoc_long(entry, "attempts", (zend_long) e[2]->integer);
	if (e[3]->type == REDIS_REPLY_STRING) {
		add_assoc_stringl(entry, "payload", e[3]->str, e[3]->len);
	}
	if (in_flight && e[4]->type == REDIS_REPLY_STRING) {
		add_assoc_double(entry, "parked", zend_strtod(e[4]->str, NULL));
	}
}

static void page_args(redislock_argv *a, const queue_keys *k, bool in_flight, zend_long count,
	const zend_string *after, const zend_string *at)
{
	if (in_flight) {
		redislock_script_reserved_args(a, k->queue, k->inflight, k->meta, k->payloads, k->stream, k->index,
			k->settings, k->spare, count, after, at);
	} else {
		redislock_script_delayed_args(a, k->queue, k->meta, k->payloads, k->spare, count, after, at);
	}
}

/* Replaces *s with a copy of r's string. */
static void keep(zend_string **s, const redisReply *r)
{
	if (*s) {
		zend_string_release(*s);
	}
	*s = zend_string_init(r->str, r->len, 0);
}

bool redislock_queue_view_pages(redislock_queue_obj *q, const queue_keys *k, bool in_flight, zend_long count,
	zval *list)
{
	size_t stride = in_flight ? RESERVED_STRIDE : DELAYED_STRIDE;
	const redislock_script *script = in_flight ? &redislock_script_reserved : &redislock_script_delayed;
	zend_string *after = NULL, *at = NULL;
	HashTable seen;
	bool ok = true, more = true;

	zend_hash_init(&seen, 0, NULL, NULL, 0);
	while (more && count > 0) {
		redislock_argv a;
		redisReply *reply;

		page_args(&a, k, in_flight, MIN(count, REDISLOCK_QUEUE_PAGE), after, at);
		reply = redislock_queue_run(q, script, &a, redislock_object_read_timeout(&q->base));
		redislock_argv_free(&a);
		if (!reply) {
			ok = false;
			break;
		}
		if (!page_shape(reply, in_flight)) {
			redislock_conn_set_unexpected(q->conn, reply);
			freeReplyObject(reply);
			ok = false;
			break;
		}
		/* A page that says more always names a place past the last one. */
		more = reply->element[0]->integer == 1 && reply->element[2]->len > 0;
		for (size_t i = HEADER; i < reply->elements && count > 0; i += stride) {
			redisReply **e = reply->element + i;
			zval entry;

			if (!zend_hash_str_add_empty_element(&seen, e[0]->str, e[0]->len)) {
				continue;
			}
			task_entry(&entry, e, in_flight);
			add_next_index_zval(list, &entry);
			count--;
		}
		keep(&after, reply->element[1]);
		keep(&at, reply->element[2]);
		freeReplyObject(reply);
	}
	zend_hash_destroy(&seen);
	if (after) {
		zend_string_release(after);
		zend_string_release(at);
	}
	return ok;
}
