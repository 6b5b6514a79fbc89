/* RedisQueue's helpers: a queue's keys, the checks of ids, counts and payloads,
 * and the replies turned into the entries the methods return. Nothing here
 * talks to Redis. */
#include "redislock_queue_int.h"
#include "redislock_args.h"
#include "redislock_keys.h"
#include "redislock_slots.h"
#include "zend_exceptions.h"

/* ---- keys ------------------------------------------------------------------- */

void redislock_queue_keys_init(queue_keys *k, const redislock_object *o, const zend_string *name)
{
	k->queue = redislock_object_key(o, name);
	k->inflight = redislock_sibling_key(k->queue, ":inflight");
	k->wakeup = redislock_sibling_key(k->queue, ":wakeup");
	k->meta = redislock_sibling_key(k->queue, ":receipts");
	k->dead = redislock_sibling_key(k->queue, ":dead");
	k->payloads = redislock_sibling_key(k->queue, ":payloads");
	k->stream = redislock_sibling_key(k->queue, ":stream");
	k->index = redislock_sibling_key(k->queue, ":index");
	k->settings = redislock_sibling_key(k->queue, ":meta");
	k->deadlines = redislock_sibling_key(k->queue, ":deadlines");
	k->spare = redislock_sibling_key(k->queue, ":spare");
	k->paused = redislock_sibling_key(k->queue, ":paused");
	k->keyed = redislock_sibling_key(k->queue, ":keyed");
	k->counts = redislock_sibling_key(k->queue, ":counts");
}

void redislock_queue_keys_free(queue_keys *k)
{
	zend_string_release(k->queue);
	zend_string_release(k->inflight);
	zend_string_release(k->wakeup);
	zend_string_release(k->meta);
	zend_string_release(k->dead);
	zend_string_release(k->payloads);
	zend_string_release(k->stream);
	zend_string_release(k->index);
	zend_string_release(k->settings);
	zend_string_release(k->deadlines);
	zend_string_release(k->spare);
	zend_string_release(k->paused);
	zend_string_release(k->keyed);
	zend_string_release(k->counts);
}

/* ---- argument checks ----------------------------------------------------- */

/* The most queues one pop() or reserve() takes from. */
#define REDISLOCK_MAX_QUEUES 64

/* The queue names of pop() and reserve(): one, or a list of distinct non-empty
 * strings in order of preference, all of one slot on a cluster. Fills *names
 * (borrowed strings, emalloc'd array) and returns how many, or 0 after throwing. */
uint32_t redislock_queue_names(const redislock_object *o, zend_string *one, HashTable *many,
	zend_string ***names)
{
	uint32_t n = 0;
	zval *entry;

	if (one) {
		if (!redislock_check_name(one, 1)) {
			return 0;
		}
		*names = emalloc(sizeof(**names));
		(*names)[0] = one;
		return 1;
	}
	if (zend_hash_num_elements(many) == 0) {
		zend_argument_value_error(1, "must not be an empty array");
		return 0;
	}
	if (zend_hash_num_elements(many) > REDISLOCK_MAX_QUEUES) {
		zend_argument_value_error(1, "must not name more than %d queues", REDISLOCK_MAX_QUEUES);
		return 0;
	}
	ZEND_HASH_FOREACH_VAL(many, entry) {
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) != IS_STRING || Z_STRLEN_P(entry) == 0) {
			zend_argument_value_error(1, "must contain only non-empty strings");
			return 0;
		}
	} ZEND_HASH_FOREACH_END();
	*names = safe_emalloc(zend_hash_num_elements(many), sizeof(**names), 0);
	ZEND_HASH_FOREACH_VAL(many, entry) {
		ZVAL_DEREF(entry);
		for (uint32_t i = 0; i < n; i++) {
			if (zend_string_equals((*names)[i], Z_STR_P(entry))) {
				efree(*names);
				zend_argument_value_error(1, "must not contain the same queue twice");
				return 0;
			}
		}
		(*names)[n++] = Z_STR_P(entry);
	} ZEND_HASH_FOREACH_END();
	if (!redislock_object_one_slot(o, *names, n)) {
		efree(*names);
		zend_argument_value_error(1, "must name queues of one cluster slot on a Redis Cluster: give the names a common {hash tag}, as in \"{jobs}mail\" and \"{jobs}report\"");
		return 0;
	}
	return n;
}

bool redislock_queue_check_count(zend_long count, uint32_t arg_num)
{
	if (count < 1) {
		zend_argument_value_error(arg_num, "must be greater than or equal to 1");
		return false;
	}
	return true;
}

/* A task id: a non-empty string, or an int (sent as its decimal form). */
zend_string *redislock_queue_task_id(zend_string *str, zend_long lval, uint32_t arg_num)
{
	if (str) {
		if (ZSTR_LEN(str) == 0) {
			zend_argument_value_error(arg_num, "must not be empty");
			return NULL;
		}
		return zend_string_copy(str);
	}
	return zend_long_to_str(lval);
}

/* One id (string|int, with PHP's usual coercion in weak mode) or a list of them, as
 * enqueue() and retryDead() take them: checks it; false after throwing. For one
 * id, *one_str or *one_long holds it. */
bool redislock_queue_ids_check(zval *ids, uint32_t arg_num, bool nullable, zend_string **one_str, zend_long *one_long)
{
	if (Z_TYPE_P(ids) != IS_ARRAY) {
		bool is_null;
		if (!zend_parse_arg_str_or_long(ids, one_str, one_long, &is_null, false, arg_num)) {
			zend_argument_type_error(arg_num, "must be of type array|string|int%s, %s given", nullable ? "|null" : "",
				zend_zval_type_name(ids));
			return false;
		}
		if (*one_str && ZSTR_LEN(*one_str) == 0) {
			zend_argument_value_error(arg_num, "must not be empty");
			return false;
		}
		return true;
	}
	zval *id;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(ids), id) {
		ZVAL_DEREF(id);
		if (Z_TYPE_P(id) != IS_LONG && Z_TYPE_P(id) != IS_STRING) {
			zend_argument_value_error(arg_num, "must contain only strings and integers, %s found", zend_zval_type_name(id));
			return false;
		}
		if (Z_TYPE_P(id) == IS_STRING && Z_STRLEN_P(id) == 0) {
			zend_argument_value_error(arg_num, "must not contain empty ids");
			return false;
		}
	} ZEND_HASH_FOREACH_END();
	return true;
}

static zend_string *id_of(zval *id)
{
	ZVAL_DEREF(id);
	return Z_TYPE_P(id) == IS_STRING ? zend_string_copy(Z_STR_P(id)) : zend_long_to_str(Z_LVAL_P(id));
}

/* The ids redislock_queue_ids_check() accepted, as strings, each a reference for
 * the command to take over (the scripts' id lists are "owned"); the array is the
 * caller's to efree once they are pushed. */
zend_string **redislock_queue_ids_list(zval *ids, zend_string *one_str, zend_long one_long, uint32_t *n)
{
	zend_string **list;
	uint32_t i = 0;

	if (Z_TYPE_P(ids) != IS_ARRAY) {
		list = emalloc(sizeof(*list));
		list[0] = one_str ? zend_string_copy(one_str) : zend_long_to_str(one_long);
		*n = 1;
		return list;
	}
	list = safe_emalloc(zend_hash_num_elements(Z_ARRVAL_P(ids)), sizeof(*list), 0);
	zval *id;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(ids), id) {
		list[i++] = id_of(id);
	} ZEND_HASH_FOREACH_END();
	*n = i;
	return list;
}

/* One payload: a string within the bound; *total adds it up. */
static bool payload_check(zval *p, uint32_t arg_num, size_t *total)
{
	ZVAL_DEREF(p);
	if (Z_TYPE_P(p) != IS_STRING) {
		zend_argument_type_error(arg_num, "must contain only strings, %s found", zend_zval_type_name(p));
		return false;
	}
	if (Z_STRLEN_P(p) > REDISLOCK_MAX_PAYLOAD) {
		zend_argument_value_error(arg_num, "must not hold a payload over %d bytes (%zu given)",
			REDISLOCK_MAX_PAYLOAD, Z_STRLEN_P(p));
		return false;
	}
	*total += Z_STRLEN_P(p);
	if (*total > REDISLOCK_MAX_PAYLOADS) {
		zend_argument_value_error(arg_num, "must not hold over %d bytes of payloads in one call", REDISLOCK_MAX_PAYLOADS);
		return false;
	}
	return true;
}

static void free_items(zend_string **list, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		zend_string_release(list[i]);
	}
	efree(list);
}

zend_string **redislock_queue_items(zval *ids, zend_string *one_str, zend_long one_long, zval *payload,
	uint32_t arg_num, uint32_t *n, zend_long *paired)
{
	zend_string **ids_only, **list;
	uint32_t count, front = 0, back;
	size_t total = 0;

	*paired = 0;
	if (!payload || Z_TYPE_P(payload) == IS_NULL) {
		return redislock_queue_ids_list(ids, one_str, one_long, n);
	}
	if (Z_TYPE_P(ids) != IS_ARRAY) {
		if (Z_TYPE_P(payload) != IS_STRING) {
			zend_argument_type_error(arg_num, "must be of type string|null for one id, %s given", zend_zval_type_name(payload));
			return NULL;
		}
		if (!payload_check(payload, arg_num, &total)) {
			return NULL;
		}
		list = safe_emalloc(2, sizeof(*list), 0);
		list[0] = one_str ? zend_string_copy(one_str) : zend_long_to_str(one_long);
		list[1] = zend_string_copy(Z_STR_P(payload));
		*n = 2;
		*paired = 1;
		return list;
	}
	if (Z_TYPE_P(payload) != IS_ARRAY) {
		zend_argument_type_error(arg_num, "must be of type array|null for a list of ids (id => payload), %s given",
			zend_zval_type_name(payload));
		return NULL;
	}
	/* Every payload must belong to an id of the list. */
	ids_only = redislock_queue_ids_list(ids, NULL, 0, &count);
	{
		zval *p;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(payload), p) {
			if (!payload_check(p, arg_num, &total)) {
				free_items(ids_only, count);
				return NULL;
			}
		} ZEND_HASH_FOREACH_END();
	}
	{
		uint32_t matched = 0;
		HashTable seen;
		zend_hash_init(&seen, count, NULL, NULL, 0);
		for (uint32_t i = 0; i < count; i++) {
			if (zend_symtable_find(Z_ARRVAL_P(payload), ids_only[i]) && zend_hash_add_empty_element(&seen, ids_only[i])) {
				matched++;
			}
		}
		zend_hash_destroy(&seen);
		if (matched != zend_hash_num_elements(Z_ARRVAL_P(payload))) {
			free_items(ids_only, count);
			zend_argument_value_error(arg_num, "must have keys that are ids of argument #2 ($id) only");
			return NULL;
		}
	}
	/* The ids with a payload first, each followed by it (an id listed twice
	 * carries it both times), then the others. */
	for (uint32_t i = 0; i < count; i++) {
		front += zend_symtable_find(Z_ARRVAL_P(payload), ids_only[i]) != NULL;
	}
	list = safe_emalloc((size_t) count + front, sizeof(*list), 0);
	back = 2 * front;
	front = 0;
	for (uint32_t i = 0; i < count; i++) {
		zval *p = zend_symtable_find(Z_ARRVAL_P(payload), ids_only[i]);
		if (p) {
			ZVAL_DEREF(p);
			list[front++] = ids_only[i];
			list[front++] = zend_string_copy(Z_STR_P(p));
		} else {
			list[back++] = ids_only[i];
		}
	}
	efree(ids_only);
	*paired = front / 2;
	*n = back;
	return list;
}

/* ---- replies --------------------------------------------------------------- */

/* One task of a reply: id and score, then for a reservation its receipt and
 * attempts, then its payload (nil: none); with queue, the name it came from. */
static void task_entry(zval *entry, redisReply **e, bool reserve, zend_string *queue)
{
	redisReply *payload = e[reserve ? 4 : 2];
	array_init_size(entry, 6);
	add_assoc_stringl(entry, "id", e[0]->str, e[0]->len);
	add_assoc_double(entry, "score", zend_strtod(e[1]->str, NULL));
	if (reserve) {
		add_assoc_stringl(entry, "receipt", e[2]->str, e[2]->len);
		add_assoc_long(entry, "attempts", (zend_long) e[3]->integer);
	}
	if (payload->type == REDIS_REPLY_STRING) {
		add_assoc_stringl(entry, "payload", payload->str, payload->len);
	}
	if (queue) {
		add_assoc_str(entry, "queue", zend_string_copy(queue));
	}
}

static bool payload_shape(const redisReply *r)
{
	return r->type == REDIS_REPLY_STRING || r->type == REDIS_REPLY_NIL;
}

/* The fields of one task in a reply, and their types. */
static bool task_shape(redisReply **e, bool reserve)
{
	return e[0]->type == REDIS_REPLY_STRING && e[1]->type == REDIS_REPLY_STRING
		&& (reserve ? (e[2]->type == REDIS_REPLY_STRING && e[3]->type == REDIS_REPLY_INTEGER && payload_shape(e[4]))
			: payload_shape(e[2]));
}

/* Turns a [queue index, id, score, (receipt, attempts,) payload, ...] reply
 * (first, at offset 1; top() has no index: offset 0) into pop()'s shape: one
 * entry or false for count == 1, a list otherwise. names: the queues asked for,
 * when several (each entry then says which), else NULL. */
bool redislock_queue_tasks_to_return(redislock_conn *conn, const redisReply *reply, size_t offset, bool reserve,
	zend_string **names, uint32_t n_names, zend_long count, zval *return_value)
{
	size_t stride = reserve ? 5 : 3;
	zend_string *queue = NULL;

	if (reply->type != REDIS_REPLY_ARRAY || reply->elements < offset || (reply->elements - offset) % stride != 0) {
		redislock_conn_set_unexpected(conn, reply);
		return false;
	}
	if (offset) {
		long long index = reply->element[0]->type == REDIS_REPLY_INTEGER ? reply->element[0]->integer : 0;
		if (index < 1 || index > (long long) n_names) {
			redislock_conn_set_unexpected(conn, reply->element[0]);
			return false;
		}
		queue = names ? names[index - 1] : NULL;
	}
	for (size_t i = offset; i < reply->elements; i += stride) {
		if (!task_shape(&reply->element[i], reserve)) {
			redislock_conn_set_unexpected(conn, reply);
			return false;
		}
	}
	if (count == 1) {
		if (reply->elements == offset) {
			RETVAL_FALSE;
		} else {
			task_entry(return_value, &reply->element[offset], reserve, queue);
		}
		return true;
	}
	array_init_size(return_value, (uint32_t) ((reply->elements - offset) / stride));
	for (size_t i = offset; i < reply->elements; i += stride) {
		zval entry;
		task_entry(&entry, &reply->element[i], reserve, queue);
		add_next_index_zval(return_value, &entry);
	}
	return true;
}

void redislock_queue_empty_result(zend_long count, zval *return_value)
{
	if (count == 1) {
		RETVAL_FALSE;
	} else {
		RETVAL_EMPTY_ARRAY();
	}
}

/* A payload cut by dead()'s $payloadBytes: [its first bytes, its length]. */
static bool cut_shape(const redisReply *r)
{
	return r->type == REDIS_REPLY_ARRAY && r->elements == 2 && r->element[0]->type == REDIS_REPLY_STRING
		&& r->element[1]->type == REDIS_REPLY_INTEGER && r->element[1]->integer >= 0;
}

/* dead()'s [id, time, attempts, payload, ...] as a list of entries; a payload
 * cut ([bytes, length]) is "payload" and "payload_bytes". */
bool redislock_queue_dead_to_return(redislock_conn *conn, const redisReply *reply, zval *return_value)
{
	if (reply->type != REDIS_REPLY_ARRAY || reply->elements % 4 != 0) {
		redislock_conn_set_unexpected(conn, reply);
		return false;
	}
	for (size_t i = 0; i < reply->elements; i += 4) {
		if (reply->element[i]->type != REDIS_REPLY_STRING || reply->element[i + 1]->type != REDIS_REPLY_STRING
			|| reply->element[i + 2]->type != REDIS_REPLY_INTEGER
			|| !(payload_shape(reply->element[i + 3]) || cut_shape(reply->element[i + 3]))) {
			redislock_conn_set_unexpected(conn, reply);
			return false;
		}
	}
	array_init_size(return_value, (uint32_t) (reply->elements / 4));
	for (size_t i = 0; i < reply->elements; i += 4) {
		zval entry;
		array_init_size(&entry, 4);
		add_assoc_stringl(&entry, "id", reply->element[i]->str, reply->element[i]->len);
		add_assoc_long(&entry, "attempts", (zend_long) reply->element[i + 2]->integer);
		add_assoc_double(&entry, "time", zend_strtod(reply->element[i + 1]->str, NULL));
		if (reply->element[i + 3]->type == REDIS_REPLY_STRING) {
			add_assoc_stringl(&entry, "payload", reply->element[i + 3]->str, reply->element[i + 3]->len);
		} else if (reply->element[i + 3]->type == REDIS_REPLY_ARRAY) {
			const redisReply *cut = reply->element[i + 3];
			add_assoc_stringl(&entry, "payload", cut->element[0]->str, cut->element[0]->len);
			add_assoc_long(&entry, "payload_bytes", (zend_long) cut->element[1]->integer);
		}
		add_next_index_zval(return_value, &entry);
	}
	return true;
}
