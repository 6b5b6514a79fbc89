/* The listing of names under a prefix: see redislock_names.h.
 *
 * One call runs one SCAN on one server with MATCH *<prefix>*, which finds the main
 * keys and the siblings alike (a sibling's name holds the main key), and turns
 * each key into its name: the main key "<prefix><name>"; a sibling
 * "{<prefix><name>}<suffix>" of a name without braces; a sibling
 * "{<tag>}<suffix>:<prefix><name>" of one with braces. Other keys (alive marks,
 * wake-up lists, fencing counters) are left out. A name is listed once per call;
 * across calls SCAN may return it again, as it may return a key again.
 *
 * The cursor is "<master>:<SCAN cursor>", master being the index of a cluster
 * master in slot order (0 on a single server). Once a master's SCAN answers 0, the
 * next call starts on the next master; after the last, the cursor is null. A
 * cluster whose masters change between calls may be walked unevenly, as SCAN is
 * across a resharding. */
#include "redislock_names.h"
#include "redislock_argv.h"
#include "redislock_slots.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"

#define REDISLOCK_MAX_MASTERS 1024
#define REDISLOCK_MAX_SCAN_COUNT 10000

const char *const redislock_lock_siblings[] = {":queue", ":many", NULL};
const char *const redislock_semaphore_siblings[] = {":queue", NULL};
const char *const redislock_queue_siblings[] = {":inflight", ":receipts", ":dead", ":payloads", NULL};

/* The MATCH pattern *<prefix>*, the prefix's glob characters escaped. */
static zend_string *match_pattern(const zend_string *prefix)
{
	smart_str s = {0};
	smart_str_appendc(&s, '*');
	for (size_t i = 0; i < ZSTR_LEN(prefix); i++) {
		char ch = ZSTR_VAL(prefix)[i];
		if (ch == '*' || ch == '?' || ch == '[' || ch == ']' || ch == '\\') {
			smart_str_appendc(&s, '\\');
		}
		smart_str_appendc(&s, ch);
	}
	smart_str_appendc(&s, '*');
	smart_str_0(&s);
	return s.s;
}

static bool starts(const char *s, size_t len, const char *with, size_t with_len)
{
	return len >= with_len && memcmp(s, with, with_len) == 0;
}

/* The name key stands for, or NULL. */
static zend_string *name_of(const char *key, size_t len, const zend_string *prefix, const char *const *siblings)
{
	const char *p = ZSTR_VAL(prefix);
	size_t plen = ZSTR_LEN(prefix);

	if (len > 0 && key[0] == '{') {
		const char *close = memchr(key + 1, '}', len - 1);
		if (close) {
			const char *tag = key + 1, *rest = close + 1;
			size_t tag_len = (size_t) (close - tag), rest_len = len - (size_t) (rest - key);
			for (const char *const *sfx = siblings; *sfx; sfx++) {
				size_t sl = strlen(*sfx);
				/* {<prefix><name>}<suffix> */
				if (rest_len == sl && memcmp(rest, *sfx, sl) == 0 && tag_len > plen && starts(tag, tag_len, p, plen)) {
					return zend_string_init(tag + plen, tag_len - plen, 0);
				}
				/* {<tag>}<suffix>:<prefix><name> */
				if (rest_len > sl + 1 + plen && memcmp(rest, *sfx, sl) == 0 && rest[sl] == ':'
					&& starts(rest + sl + 1, rest_len - sl - 1, p, plen)) {
					return zend_string_init(rest + sl + 1 + plen, rest_len - sl - 1 - plen, 0);
				}
			}
		}
	}
	if (len > plen && starts(key, len, p, plen)) {
		return zend_string_init(key + plen, len - plen, 0);
	}
	return NULL;
}

/* "<master>:<cursor>": false when it is not one this listing made. */
static bool parse_cursor(const zend_string *cursor, zend_ulong *master, const char **scan, size_t *scan_len)
{
	const char *s = ZSTR_VAL(cursor), *colon = memchr(s, ':', ZSTR_LEN(cursor));
	zend_ulong m = 0;

	if (!colon || colon == s || colon - s > 4) {
		return false;
	}
	for (const char *d = s; d < colon; d++) {
		if (*d < '0' || *d > '9') {
			return false;
		}
		m = m * 10 + (zend_ulong) (*d - '0');
	}
	*scan = colon + 1;
	*scan_len = ZSTR_LEN(cursor) - (size_t) (colon + 1 - s);
	if (*scan_len == 0 || *scan_len > 20) {
		return false;
	}
	for (size_t i = 0; i < *scan_len; i++) {
		if ((*scan)[i] < '0' || (*scan)[i] > '9') {
			return false;
		}
	}
	*master = m;
	return true;
}

bool redislock_names_list(redislock_conn *c, const zend_string *prefix, const char *const *siblings,
	zend_string *cursor, zend_long count, zval *return_value)
{
	int slots[REDISLOCK_MAX_MASTERS];
	uint32_t masters;
	zend_ulong master = 0;
	const char *scan = "0";
	size_t scan_len = 1;
	redislock_argv a;
	redisReply *reply;
	zend_string *pattern;
	zval names;
	HashTable seen;
	bool done_here;

	if (count < 1 || count > REDISLOCK_MAX_SCAN_COUNT) {
		zend_argument_value_error(2, "must be between 1 and %d", REDISLOCK_MAX_SCAN_COUNT);
		return false;
	}
	if (cursor && !parse_cursor(cursor, &master, &scan, &scan_len)) {
		zend_argument_value_error(1, "must be null or a cursor a previous names() call returned");
		return false;
	}
	if ((masters = redislock_conn_masters(c, slots, REDISLOCK_MAX_MASTERS)) == 0) {
		return false;
	}
	if (master >= masters) {
		/* The cluster lost masters since the last call: the listing is over. */
		zval empty;
		array_init(&empty);
		array_init_size(return_value, 2);
		add_assoc_zval(return_value, "names", &empty);
		add_assoc_null(return_value, "cursor");
		return true;
	}
	pattern = match_pattern(prefix);
	redislock_argv_init(&a);
	redislock_argv_push(&a, "SCAN", 4);
	redislock_argv_push(&a, scan, scan_len);
	redislock_argv_push(&a, "MATCH", 5);
	redislock_argv_push_str(&a, pattern);
	zend_string_release(pattern);   /* the argv holds its own reference */
	redislock_argv_push(&a, "COUNT", 5);
	redislock_argv_push_long(&a, count);
	if (redislock_conn_call_at(c, slots[master], &a, redislock_conn_config(c)->read_timeout, &reply) == FAILURE) {
		redislock_argv_free(&a);
		return false;
	}
	redislock_argv_free(&a);
	if (reply->type == REDIS_REPLY_ERROR || reply->type != REDIS_REPLY_ARRAY || reply->elements != 2
		|| reply->element[0]->type != REDIS_REPLY_STRING || reply->element[1]->type != REDIS_REPLY_ARRAY) {
		redislock_conn_set_error(c, REDISLOCK_ERR_SERVER, "SCAN on %s failed: %.*s", redislock_conn_endpoint(c),
			reply->type == REDIS_REPLY_ERROR ? (int) MIN(reply->len, 256) : 17,
			reply->type == REDIS_REPLY_ERROR ? reply->str : "unexpected reply");
		freeReplyObject(reply);
		return false;
	}
	array_init(&names);
	zend_hash_init(&seen, 8, NULL, NULL, 0);
	for (size_t i = 0; i < reply->element[1]->elements; i++) {
		const redisReply *k = reply->element[1]->element[i];
		zend_string *name;
		if (k->type != REDIS_REPLY_STRING || !(name = name_of(k->str, k->len, prefix, siblings))) {
			continue;
		}
		if (zend_hash_add_empty_element(&seen, name)) {
			add_next_index_str(&names, name);
		} else {
			zend_string_release(name);
		}
	}
	zend_hash_destroy(&seen);
	done_here = reply->element[0]->len == 1 && reply->element[0]->str[0] == '0';
	array_init_size(return_value, 2);
	add_assoc_zval(return_value, "names", &names);
	if (!done_here) {
		add_assoc_str(return_value, "cursor", zend_strpprintf(0, ZEND_ULONG_FMT ":%.*s", master,
			(int) reply->element[0]->len, reply->element[0]->str));
	} else if (master + 1 < masters) {
		add_assoc_str(return_value, "cursor", zend_strpprintf(0, ZEND_ULONG_FMT ":0", master + 1));
	} else {
		add_assoc_null(return_value, "cursor");
	}
	freeReplyObject(reply);
	return true;
}
