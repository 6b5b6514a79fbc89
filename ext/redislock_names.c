/* The listing of names under a prefix: see redislock_names.h.
 *
 * One call runs one SCAN on one server with MATCH *<prefix>*, which finds the main
 * keys and the siblings alike (a sibling's name holds the main key), and turns
 * each key into its name: the main key "<prefix><name>"; a sibling
 * "{<prefix><name>}<suffix>" of a name without braces; a sibling
 * "{<tag>}<suffix>:<prefix><name>" of one with braces. A key is taken for a
 * sibling only when deriving it again from the main key it names gives it back.
 * Other keys of ours (alive marks, wake-up lists, fencing counters) are left
 * out under every prefix shape: with a prefix that starts with a hash tag they
 * start like main keys, and a waiter's key holds the random part of its token.
 * A name is listed once per call;
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
#include "redislock_keys.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"

#define REDISLOCK_MAX_MASTERS 1024
#define REDISLOCK_MAX_SCAN_COUNT 10000

const char *const redislock_lock_siblings[] = {":queue", ":many", NULL};
const char *const redislock_semaphore_siblings[] = {":queue", ":units", NULL};
const char *const redislock_queue_siblings[] = {":inflight", ":receipts", ":dead", ":payloads", ":stream", ":index", ":meta", ":deadlines", ":spare", ":paused", ":counts", NULL};

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

/* Every suffix a sibling key of any class carries (a latch's open mark too) (see
 * redislock_sibling_key()), besides the waiters' prefix: a key that is one of
 * them is never a name of its own, whatever the prefix. */
static const char *const derived_suffixes[] = {
	":queue", ":units", ":many", ":wake", ":inflight", ":wakeup", ":receipts", ":dead", ":payloads", ":stream", ":index", ":meta", ":deadlines", ":due", ":spare", ":unique", ":paused", ":keyed", ":counts", ":open", NULL
};

/* The waiters' prefix redislock_sibling_key(main, ":w:"), followed by "a:" (an
 * alive mark), "l:" (a semaphore waiter's lifetime) or "w:" (a wake-up list) and
 * the waiter's id: 32 hex digits, then
 * the label of redislock_holder_new_random() ("@" and [0-9A-Za-z._%-]) if any. */
#define WAITER_SUFFIX ":w:"
#define WAITER_HEX_LEN 32

/* The per-slot fencing counter "{<tag>}redislock:fence" (redislock_slot_key()). */
#define FENCE_COUNTER "redislock:fence"

/* Whether key is exactly redislock_sibling_key(main, suffix) followed by tail. */
static bool is_sibling_of(const char *key, size_t len, const char *main, size_t main_len, const char *suffix,
	size_t tail_len)
{
	zend_string *m = zend_string_init(main, main_len, 0), *sibling = redislock_sibling_key(m, suffix);
	bool same = ZSTR_LEN(sibling) + tail_len == len && memcmp(ZSTR_VAL(sibling), key, ZSTR_LEN(sibling)) == 0;
	zend_string_release(sibling);
	zend_string_release(m);
	return same;
}

static bool is_hex_digit(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

static bool is_label_byte(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '.' || c == '_'
		|| c == '-' || c == '%';
}

/* When the last bytes of a key of len bytes are "a:", "l:" or "w:" and a waiter's id,
 * the length of those bytes; else 0. */
static size_t waiter_tail_len(const char *key, size_t len)
{
	const char *end = key + len, *id = end;
	size_t id_len;

	while (id > key && id[-1] != ':') {
		id--;
	}
	id_len = (size_t) (end - id);
	if (id - key < 2 || (id[-2] != 'a' && id[-2] != 'l' && id[-2] != 'w') || id_len < WAITER_HEX_LEN
		|| (id_len > WAITER_HEX_LEN && (id_len == WAITER_HEX_LEN + 1 || id[WAITER_HEX_LEN] != '@'))) {
		return 0;
	}
	for (size_t i = 0; i < id_len; i++) {
		if (i < WAITER_HEX_LEN ? !is_hex_digit(id[i]) : i > WAITER_HEX_LEN && !is_label_byte(id[i])) {
			return 0;
		}
	}
	return id_len + 2;
}

/* When key is a key the extension derives from a main key, that main key in
 * *main, with *sibling telling whether it is one of siblings (which say a name is
 * in use) rather than a waiter's key, a fencing counter or another class's
 * sibling. Each candidate main key is checked by deriving the key again, so a
 * name that merely looks like a sibling is a name. */
static bool derived_from(const char *key, size_t len, const char *const *siblings, const char **main,
	size_t *main_len, bool *sibling)
{
	const char *close, *tag, *rest;
	size_t tag_len, rest_len, wl = sizeof(WAITER_SUFFIX) - 1, tail;

	if (len < 2 || key[0] != '{' || !(close = memchr(key + 1, '}', len - 1))) {
		return false;
	}
	tag = key + 1;
	tag_len = (size_t) (close - tag);
	rest = close + 1;
	rest_len = len - (size_t) (rest - key);
	*sibling = false;
	if (rest_len == sizeof(FENCE_COUNTER) - 1 && memcmp(rest, FENCE_COUNTER, rest_len) == 0) {
		*main = NULL;
		*main_len = 0;
		return true;
	}
	for (const char *const *sfx = derived_suffixes; *sfx; sfx++) {
		size_t sl = strlen(*sfx);
		if (!starts(rest, rest_len, *sfx, sl)) {
			continue;
		}
		if (rest_len == sl) {
			/* {<main>}<suffix> */
			*main = tag;
			*main_len = tag_len;
		} else if (rest[sl] == ':') {
			/* {<tag>}<suffix>:<main> */
			*main = rest + sl + 1;
			*main_len = rest_len - sl - 1;
		} else {
			continue;
		}
		if (is_sibling_of(key, len, *main, *main_len, *sfx, 0)) {
			for (const char *const *own = siblings; *own; own++) {
				*sibling = *sibling || strcmp(*own, *sfx) == 0;
			}
			return true;
		}
	}
	if (starts(rest, rest_len, WAITER_SUFFIX, wl) && (tail = waiter_tail_len(key, len)) > 0 && rest_len >= wl + tail) {
		size_t between = rest_len - wl - tail;
		/* {<main>}:w:a:<id>, or {<tag>}:w::<main>a:<id> */
		if (between == 0) {
			*main = tag;
			*main_len = tag_len;
		} else if (rest[wl] == ':') {
			*main = rest + wl + 1;
			*main_len = between - 1;
		} else {
			return false;
		}
		return is_sibling_of(key, len, *main, *main_len, WAITER_SUFFIX, tail);
	}
	return false;
}

/* The name key stands for, or NULL: a main key "<prefix><name>", or a sibling of
 * one that says the name is in use. A key the extension derives for any other
 * purpose (a waiter's alive mark or wake-up list, whose id is the random part of
 * the token the waiter will hold; a queue's wake-up list; a fencing counter) is
 * never a name, even when the prefix makes it start like one. */
static zend_string *name_of(const char *key, size_t len, const zend_string *prefix, const char *const *siblings)
{
	const char *p = ZSTR_VAL(prefix), *main;
	size_t plen = ZSTR_LEN(prefix), main_len;
	bool sibling;

	if (derived_from(key, len, siblings, &main, &main_len, &sibling)) {
		if (sibling && main_len > plen && starts(main, main_len, p, plen)) {
			return zend_string_init(main + plen, main_len - plen, 0);
		}
		return NULL;
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

/* One SCAN of the keys under prefix on the master of slot, from the scan cursor
 * given; its reply, checked to be [cursor, [keys]], in *reply. False (the error
 * in c) otherwise. */
static bool scan_page(redislock_conn *c, int slot, const zend_string *prefix, const char *scan, size_t scan_len,
	zend_long count, redisReply **reply)
{
	zend_string *pattern = match_pattern(prefix);
	redislock_argv a;
	redisReply *r;

	redislock_argv_init(&a);
	redislock_argv_push(&a, "SCAN", 4);
	redislock_argv_push(&a, scan, scan_len);
	redislock_argv_push(&a, "MATCH", 5);
	redislock_argv_push_str(&a, pattern);
	zend_string_release(pattern);   /* the argv holds its own reference */
	redislock_argv_push(&a, "COUNT", 5);
	redislock_argv_push_long(&a, count);
	if (redislock_conn_call_at(c, slot, &a, redislock_conn_config(c)->read_timeout, &r) == FAILURE) {
		redislock_argv_free(&a);
		return false;
	}
	redislock_argv_free(&a);
	if (r->type == REDIS_REPLY_ERROR || r->type != REDIS_REPLY_ARRAY || r->elements != 2
		|| r->element[0]->type != REDIS_REPLY_STRING || r->element[1]->type != REDIS_REPLY_ARRAY) {
		redislock_conn_set_error(c, REDISLOCK_ERR_SERVER, "SCAN on %s failed: %.*s", redislock_conn_endpoint(c),
			r->type == REDIS_REPLY_ERROR ? (int) MIN(r->len, 256) : 17,
			r->type == REDIS_REPLY_ERROR ? r->str : "unexpected reply");
		freeReplyObject(r);
		return false;
	}
	*reply = r;
	return true;
}

/* The names of a page of keys, each once (a name's siblings are keys too), into
 * a new array names. */
static void names_of_page(const redisReply *keys, const zend_string *prefix, const char *const *siblings, zval *names)
{
	HashTable seen;

	array_init(names);
	zend_hash_init(&seen, 8, NULL, NULL, 0);
	for (size_t i = 0; i < keys->elements; i++) {
		const redisReply *k = keys->element[i];
		zend_string *name;
		if (k->type != REDIS_REPLY_STRING || !(name = name_of(k->str, k->len, prefix, siblings))) {
			continue;
		}
		if (zend_hash_add_empty_element(&seen, name)) {
			add_next_index_str(names, name);
		} else {
			zend_string_release(name);
		}
	}
	zend_hash_destroy(&seen);
}

bool redislock_names_list(redislock_conn *c, const zend_string *prefix, const char *const *siblings,
	zend_string *cursor, zend_long count, zval *return_value)
{
	int slots[REDISLOCK_MAX_MASTERS];
	uint32_t masters;
	zend_ulong master = 0;
	const char *scan = "0";
	size_t scan_len = 1;
	redisReply *reply;
	zval names;
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
	if (!scan_page(c, slots[master], prefix, scan, scan_len, count, &reply)) {
		return false;
	}
	names_of_page(reply->element[1], prefix, siblings, &names);
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
