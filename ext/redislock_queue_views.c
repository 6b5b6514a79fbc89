/* RedisQueue's views of the tasks that top() does not list, whatever the queue's
 * layout: delayed() (the tasks not due yet) and reserved() (the tasks in flight).
 * A script per page (ext/lua/queue/delayed.lua and reserved.lua) of at most
 * REDISLOCK_QUEUE_PAGE tasks or about a MiB of payloads, each atomic, the call
 * as a whole not: each page resumes after the last task of the one before, so a
 * task that stays through the call is listed once, in its place; one that
 * comes, goes or moves meanwhile may be listed or not, and none twice (by id).
 * A page's reply is [more, then per task its fields]; more is 1 when the page
 * ended full or on its byte budget. The class calls down into this file; it
 * calls nothing of the class's or of a layout's. */
#include "redislock_queue_views.h"
#include "redislock_runner.h"

/* The fields of a task in a page's reply: delayed.lua's [id, score, attempts,
 * payload], reserved.lua's [id, cursor, deadline, attempts, payload]. */
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

	if (reply->type != REDIS_REPLY_ARRAY || reply->elements < 1 || (reply->elements - 1) % stride != 0
		|| reply->element[0]->type != REDIS_REPLY_INTEGER) {
		return false;
	}
	for (size_t i = 1; i < reply->elements; i += stride) {
		redisReply **e = reply->element + i;
		bool ok = in_flight
			? is_str(e[0]) && is_str(e[1]) && str_or_nil(e[2]) && e[3]->type == REDIS_REPLY_INTEGER && str_or_nil(e[4])
			: is_str(e[0]) && is_str(e[1]) && e[2]->type == REDIS_REPLY_INTEGER && str_or_nil(e[3]);
		if (!ok) {
			return false;
		}
	}
	return true;
}

/* One task of a page as the method returns it. */
static void task_entry(zval *entry, redisReply **e, bool in_flight)
{
	redisReply *payload = e[in_flight ? 4 : 3];

	array_init_size(entry, 4);
	add_assoc_stringl(entry, "id", e[0]->str, e[0]->len);
	if (in_flight) {
		if (e[2]->type == REDIS_REPLY_STRING) {
			add_assoc_double(entry, "deadline", zend_strtod(e[2]->str, NULL));
		} else {
			add_assoc_null(entry, "deadline");
		}
		add_assoc_long(entry, "attempts", (zend_long) e[3]->integer);
	} else {
		add_assoc_double(entry, "score", zend_strtod(e[1]->str, NULL));
		add_assoc_long(entry, "attempts", (zend_long) e[2]->integer);
	}
	if (payload->type == REDIS_REPLY_STRING) {
		add_assoc_stringl(entry, "payload", payload->str, payload->len);
	}
}

static void page_args(redislock_argv *a, const queue_keys *k, bool in_flight, zend_long count,
	const zend_string *after, const zend_string *at)
{
	if (in_flight) {
		redislock_script_reserved_args(a, k->inflight, k->meta, k->payloads, k->stream, k->settings, k->spare, count,
			after, at);
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
		more = reply->element[0]->integer == 1 && reply->elements > 1;
		for (size_t i = 1; i < reply->elements && count > 0; i += stride) {
			redisReply **e = reply->element + i;
			zval entry;

			if (!zend_hash_str_add_empty_element(&seen, e[0]->str, e[0]->len)) {
				continue;
			}
			task_entry(&entry, e, in_flight);
			add_next_index_zval(list, &entry);
			count--;
		}
		if (reply->elements > 1) {
			keep(&after, reply->element[reply->elements - stride]);
			keep(&at, reply->element[reply->elements - stride + 1]);
		}
		freeReplyObject(reply);
	}
	zend_hash_destroy(&seen);
	if (after) {
		zend_string_release(after);
		zend_string_release(at);
	}
	return ok;
}
