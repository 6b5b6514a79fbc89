/* The bookkeeping RedisLock and RedisSemaphore share: see redislock_holder.h. */
#include "redislock_holder.h"
#include "redislock_args.h"
#include "redislock_keys.h"
#include "redislock_names.h"
#include "zend_exceptions.h"
#include <unistd.h>

/* ---- the object ------------------------------------------------------------------ */

static void holder_init(redislock_holder *h, const redislock_holder_ops *ops, bool by_name)
{
	h->ops = ops;
	h->by_name = by_name;
	zend_hash_init(&h->held, 8, NULL, ZVAL_PTR_DTOR, 0);
	zend_hash_init(&h->orphans, 0, NULL, ZVAL_PTR_DTOR, 0);
	redislock_renewal_table_init(&h->watch);
	redislock_renewal_table_init(&h->token_watch);
	redislock_renewal_init(&h->renewal);
}

/* free_obj, after the release: the connection and the prefix first, as the
 * tables' entries no longer reach the server, then the tables. */
static void holder_destroy(redislock_holder *h)
{
	redislock_object_destroy(&h->base);
	redislock_holder_clear(h);
	zend_hash_destroy(&h->held);
	zend_hash_destroy(&h->orphans);
	/* The watches of watchLock() end with the object (its holds then lapse
	 * within a lease: they are not the object's to release). */
	redislock_renewal_table_destroy(&h->watch);
	redislock_renewal_table_destroy(&h->token_watch);
	redislock_renewal_destroy(&h->renewal);
}

static redislock_holder *holder_of(zend_object *obj)
{
	return (redislock_holder *) redislock_object_of(obj);
}

zend_object *redislock_holder_create(zend_class_entry *ce, size_t size, const zend_object_handlers *handlers,
	const redislock_holder_ops *ops, bool by_name)
{
	zend_object *obj = redislock_object_create(ce, size, handlers);

	holder_init(holder_of(obj), ops, by_name);
	return obj;
}

static void holder_dtor(zend_object *obj)
{
	redislock_holder_auto_release(holder_of(obj));
	zend_objects_destroy_object(obj);
}

static void holder_free(zend_object *obj)
{
	redislock_holder *h = holder_of(obj);
	/* After a fatal error PHP marks every object destructed and then frees the
	 * globals without calling dtor_obj, so the release happens here instead. */
	redislock_holder_auto_release(h);
	if (h->ops->close) {
		h->ops->close(h);
	}
	holder_destroy(h);
	zend_object_std_dtor(obj);
}

void redislock_holder_startup(zend_class_entry *ce, zend_object_handlers *handlers, size_t offset,
	zend_object *(*create)(zend_class_entry *ce), HashTable *(*debug_info)(zend_object *obj, int *is_temp))
{
	redislock_object_startup(ce, handlers, offset, create, holder_free, debug_info);
	handlers->dtor_obj = holder_dtor;
}

bool redislock_holder_ready(redislock_holder *h, zval *this_ptr)
{
	if (!redislock_object_ready(&h->base, this_ptr)) {
		return false;
	}
	redislock_holder_forget_parent(h);
	return true;
}

/* RSHUTDOWN: objects a fatal error kept from being destructed still let go. */
static void holder_on_shutdown(void *owner)
{
	redislock_holder_auto_release((redislock_holder *) owner);
}

void redislock_holder_start(redislock_holder *h, redislock_config *cfg, const char *default_prefix)
{
	redislock_object_start(&h->base, cfg, default_prefix);
	redislock_conn_on_shutdown(h->conn, holder_on_shutdown, h);
}

bool redislock_holder_debug_info(const redislock_holder *h, zval *info)
{
	if (!redislock_object_debug_info(&h->base, info)) {
		return false;
	}
	add_assoc_bool(info, "auto_release", redislock_conn_config(h->conn)->auto_release);
	if (redislock_conn_config(h->conn)->watchdog && h->by_name) {
		/* The holds of watchLock() this object renews (or last saw renewed). */
		add_assoc_long(info, "watched", (zend_long) redislock_renewal_table_count(&h->token_watch));
	}
	return true;
}

bool redislock_holder_check_token(const zend_string *token, uint32_t arg_num)
{
	if (ZSTR_LEN(token) == 0) {
		zend_argument_value_error(arg_num, "must not be empty");
		return false;
	}
	return true;
}

/* ---- holds, and the watchdog that renews them -------------------------------------- */

void redislock_holder_forget_parent(redislock_holder *h)
{
	/* The child must never release them, not even by auto-release when it exits,
	 * nor stop their renewal in the parent. */
	if (redislock_renewal_forked(&h->renewal)) {
		zend_hash_clean(&h->held);
		redislock_renewal_table_forget(&h->watch);
		redislock_renewal_table_forget(&h->token_watch);
		zend_hash_clean(&h->orphans);
	}
}

static bool watched(const redislock_holder *h)
{
	return redislock_conn_config(h->conn)->watchdog;
}

zend_long redislock_holder_ms(const redislock_holder *h, double expire)
{
	return redislock_seconds_to_ms(watched(h) ? redislock_conn_config(h->conn)->watchdog_lease : expire);
}

zend_string *redislock_holder_token_hex(const zend_string *token)
{
	const char *colon = memchr(ZSTR_VAL(token), ':', ZSTR_LEN(token));
	return colon
		? zend_string_init(colon + 1, ZSTR_LEN(token) - (colon + 1 - ZSTR_VAL(token)), 0)
		: zend_string_copy((zend_string *) token);
}

/* The longest label written: the option's, or a host name and a pid; 3 bytes a
 * byte once encoded, after the '@'. */
#define LABEL_MAX (REDISLOCK_MAX_HOLDER > 256 + 21 ? REDISLOCK_MAX_HOLDER : 256 + 21)

/* "@" and label, percent-encoded, at out (which has room for 1 + 3 * len bytes);
 * the bytes written. */
static size_t label_encode(char *out, const char *label, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	char *p = out;

	*p++ = '@';
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char) label[i];
		if ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '.' || c == '_'
			|| c == '-') {
			*p++ = (char) c;
		} else {
			*p++ = '%';
			*p++ = hex[c >> 4];
			*p++ = hex[c & 15];
		}
	}
	return (size_t) (p - out);
}

/* The encoded default label "@<host name>:<pid>", made once per process: a forked
 * child (a new fork generation) makes its own, with its own pid. */
ZEND_TLS char default_label[1 + 3 * LABEL_MAX];
ZEND_TLS size_t default_label_len;
ZEND_TLS redislock_generation default_label_generation;

static const char *default_label_get(size_t *len)
{
	redislock_generation now = redislock_fork_generation;

	if (default_label_len == 0 || default_label_generation != now) {
		char text[LABEL_MAX + 1];
		size_t host;

		if (gethostname(text, 256) != 0) {
			text[0] = '\0';
		}
		text[255] = '\0';
		host = strlen(text);
		snprintf(text + host, sizeof(text) - host, ":%ld", (long) getpid());
		default_label_len = label_encode(default_label, text, strlen(text));
		default_label_generation = now;
	}
	*len = default_label_len;
	return default_label;
}

zend_string *redislock_holder_new_random(const redislock_holder *h)
{
	const zend_string *option = redislock_conn_config(h->conn)->holder;
	char encoded[1 + 3 * LABEL_MAX];
	const char *label;
	size_t len;

	if (option && ZSTR_LEN(option) == 0) {
		return redislock_random_hex();
	}
	if (option) {
		len = label_encode(encoded, ZSTR_VAL(option), MIN(ZSTR_LEN(option), LABEL_MAX));
		label = encoded;
	} else {
		label = default_label_get(&len);
	}
	return redislock_random_hex_then(label, len);
}

static void remember(HashTable *table, const zend_string *key, const zend_string *value)
{
	zval zv;
	ZVAL_STR_COPY(&zv, (zend_string *) value);
	zend_hash_update(table, (zend_string *) key, &zv);
}

uint64_t redislock_holder_wd_add(redislock_holder *h, const redislock_argv *a, const char *body, int life_arg,
	double max_hold)
{
	return redislock_renewal_add(&h->renewal, a, body, life_arg, redislock_conn_config(h->conn)->watchdog_lease, max_hold,
		redislock_conn_last_flush(h->conn));
}

uint64_t redislock_holder_wd_add_bounded(redislock_holder *h, const redislock_argv *a, const char *body, int first_arg,
	double max_hold)
{
	return redislock_renewal_add_bounded(&h->renewal, a, body, first_arg, redislock_conn_config(h->conn)->watchdog_lease,
		max_hold, redislock_conn_last_flush(h->conn));
}

void redislock_holder_hold(redislock_holder *h, const zend_string *name, const zend_string *token)
{
	const zend_string *key = h->by_name ? name : token;
	uint64_t id;

	remember(&h->held, key, h->by_name ? token : name);
	redislock_renewal_table_stop(&h->watch, key, NULL);
	if (!watched(h) || !redislock_renewal_target(&h->renewal, h->conn)) {
		return;
	}
	if ((id = h->ops->watch(h, name, token, redislock_conn_config(h->conn)->watchdog_max_hold)) != 0) {
		redislock_renewal_table_put(&h->watch, key, id, NULL);
	}
}

void redislock_holder_forget(redislock_holder *h, const zend_string *key)
{
	zend_hash_del(&h->held, (zend_string *) key);
	redislock_renewal_table_stop(&h->watch, key, NULL);
}

void redislock_holder_clear(redislock_holder *h)
{
	zend_hash_clean(&h->held);
	redislock_renewal_table_stop_all(&h->watch);
}

bool redislock_holder_lost(const redislock_holder *h, const zend_string *key)
{
	return redislock_renewal_table_state(&h->watch, key) == REDISLOCK_WD_LOST;
}

/* The token_watch key of a hold: the name's length, the name, then the token's
 * random part, so that no two holds of two names share one. */
static zend_string *watch_key(const zend_string *name, const zend_string *token)
{
	zend_string *hex = redislock_holder_token_hex(token);
	zend_string *key = strpprintf(0, "%zu:", ZSTR_LEN(name));
	key = zend_string_extend(key, ZSTR_LEN(key) + ZSTR_LEN(name) + ZSTR_LEN(hex), 0);
	memcpy(ZSTR_VAL(key) + ZSTR_LEN(key) - ZSTR_LEN(name) - ZSTR_LEN(hex), ZSTR_VAL(name), ZSTR_LEN(name));
	memcpy(ZSTR_VAL(key) + ZSTR_LEN(key) - ZSTR_LEN(hex), ZSTR_VAL(hex), ZSTR_LEN(hex));
	ZSTR_VAL(key)[ZSTR_LEN(key)] = '\0';
	zend_string_release(hex);
	return key;
}

double redislock_holder_unwatch_token(redislock_holder *h, const zend_string *name, const zend_string *token)
{
	zend_string *key;
	double left;

	if (redislock_renewal_table_count(&h->token_watch) == 0) {
		return -1;
	}
	key = watch_key(name, token);
	left = redislock_renewal_table_stop_wait(&h->token_watch, key);
	zend_string_release(key);
	return left;
}

bool redislock_holder_watch_token(redislock_holder *h, const zend_string *name, const zend_string *token, double max_hold)
{
	zend_string *key;
	uint64_t id;

	redislock_holder_unwatch_token(h, name, token);
	/* The watches whose hold is gone (a renewal found it released or taken over,
	 * as after a forceUnlock() by someone else) or ran to its max_hold renew
	 * nothing any more: a long-lived object (a worker's) must not collect them. */
	redislock_renewal_table_prune_some(&h->token_watch);
	if (!redislock_renewal_target(&h->renewal, h->conn)) {
		return false;
	}
	if ((id = (h->ops->watch_token ? h->ops->watch_token : h->ops->watch)(h, name, token, max_hold)) == 0) {
		return false;
	}
	key = watch_key(name, token);
	redislock_renewal_table_put(&h->token_watch, key, id, NULL);
	zend_string_release(key);
	return true;
}

zend_string *redislock_holder_wake_key(const zend_string *key, const zend_string *hex)
{
	zend_string *prefix = redislock_sibling_key(key, ":w:");
	zend_string *wake_key = zend_string_concat3(ZSTR_VAL(prefix), ZSTR_LEN(prefix), "w:", 2, ZSTR_VAL(hex), ZSTR_LEN(hex));
	zend_string_release(prefix);
	return wake_key;
}

/* ---- orphans and releases ------------------------------------------------------ */

void redislock_holder_orphan(redislock_holder *h, const zend_string *name, const zend_string *hex)
{
	if (h->by_name) {
		remember(&h->orphans, name, hex);
	} else {
		remember(&h->orphans, hex, name);
	}
}

void redislock_holder_lost_reply(redislock_holder *h, const zend_string *name, const zend_string *hex)
{
	/* Once sent, it may have taken effect. Not ours to count on; ours to clean up. */
	if (redislock_conn_sent(h->conn)) {
		redislock_holder_orphan(h, name, hex);
	}
}

void redislock_holder_orphan_token(redislock_holder *h, const zend_string *name, const zend_string *token)
{
	/* Orphans are cleaned by the random part alone, as for a lost acquisition. */
	zend_string *hex = redislock_holder_token_hex(token);
	redislock_holder_orphan(h, name, hex);
	zend_string_release(hex);
}

/* Splits held or orphans into arrays of names and of tokens (or random parts),
 * whichever way the table maps. */
static uint32_t table_arrays(const redislock_holder *h, HashTable *table, zend_string ***names, zend_string ***tokens)
{
	uint32_t n = zend_hash_num_elements(table), i = 0;
	zend_string **keys = safe_emalloc(n, sizeof(*keys), 0), **values = safe_emalloc(n, sizeof(*values), 0);
	zend_string *key;
	zval *value;

	ZEND_HASH_FOREACH_STR_KEY_VAL(table, key, value) {
		keys[i] = zend_string_copy(key);
		values[i] = zend_string_copy(Z_STR_P(value));
		i++;
	} ZEND_HASH_FOREACH_END();
	*names = h->by_name ? keys : values;
	*tokens = h->by_name ? values : keys;
	return n;
}

static void free_arrays(zend_string **names, zend_string **tokens, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		zend_string_release(names[i]);
		zend_string_release(tokens[i]);
	}
	efree(names);
	efree(tokens);
}

/* Removes every acquisition whose reply was lost, by its random part. The hold
 * may or may not exist; either way nobody else has our random token. */
static zend_result clean_orphans(redislock_holder *h)
{
	zend_string **names, **hexes;
	uint32_t n;
	bool *released;
	zend_result result;

	if (zend_hash_num_elements(&h->orphans) == 0) {
		return SUCCESS;
	}
	n = table_arrays(h, &h->orphans, &names, &hexes);
	released = safe_emalloc(n, sizeof(*released), 0);
	result = h->ops->release(h, names, hexes, n, true, released);
	if (result == SUCCESS) {
		zend_hash_clean(&h->orphans);
	}
	efree(released);
	free_arrays(names, hexes, n);
	return result;
}

zend_result redislock_holder_prepare(redislock_holder *h)
{
	if (zend_hash_num_elements(&h->orphans) > 0 && clean_orphans(h) == FAILURE) {
		return FAILURE;
	}
	return SUCCESS;
}

void redislock_holder_names(INTERNAL_FUNCTION_PARAMETERS, redislock_holder *h, const char *const *siblings)
{
	zend_string *cursor = NULL;
	zend_long count = 100;

	ZEND_PARSE_PARAMETERS_START(0, 2)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(cursor)
		Z_PARAM_LONG(count)
	ZEND_PARSE_PARAMETERS_END();

	if (redislock_holder_prepare(h) == FAILURE
		|| !redislock_names_list(h->conn, h->prefix, siblings, cursor, count, return_value)) {
		redislock_object_throw(&h->base);
		RETURN_THROWS();
	}
}

void redislock_holder_token_method(INTERNAL_FUNCTION_PARAMETERS, redislock_holder *h, redislock_token_op op)
{
	zend_string *name, *token;
	redislock_outcome outcome = REDISLOCK_FAILED;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_STR(token)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_holder_check_token(token, 2) || !redislock_holder_ready(h, ZEND_THIS)) {
		RETURN_THROWS();
	}
	if (redislock_holder_prepare(h) == FAILURE || (outcome = op(h, name, token)) == REDISLOCK_FAILED) {
		redislock_object_throw(&h->base);
		RETURN_THROWS();
	}
	RETURN_BOOL(outcome == REDISLOCK_YES);
}

void redislock_holder_name_method(INTERNAL_FUNCTION_PARAMETERS, redislock_holder *h, redislock_name_read read)
{
	zend_string *name;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_name(name, 1) || !redislock_holder_ready(h, ZEND_THIS)) {
		RETURN_THROWS();
	}
	if (redislock_holder_prepare(h) == FAILURE || read(h, name, return_value) == FAILURE) {
		redislock_object_throw(&h->base);
		RETURN_THROWS();
	}
}

bool redislock_holder_held_by(const redisReply *labels, zval *out)
{
	zval list;

	if (labels->type != REDIS_REPLY_ARRAY) {
		return false;
	}
	for (size_t i = 0; i < labels->elements; i++) {
		if (labels->element[i]->type != REDIS_REPLY_STRING) {
			return false;
		}
	}
	array_init_size(&list, (uint32_t) labels->elements);
	for (size_t i = 0; i < labels->elements; i++) {
		add_next_index_stringl(&list, labels->element[i]->str, labels->element[i]->len);
	}
	add_assoc_zval(out, "held_by", &list);
	return true;
}

zend_result redislock_holder_inspect_one(redislock_holder *h, const redislock_inspect_ops *ops, zend_string *name, zval *out)
{
	redislock_argv a;
	redisReply *reply;
	zend_result result = SUCCESS;

	ops->args(h, name, &a);
	if (redislock_script_call(h->conn, ops->script, &a, redislock_conn_config(h->conn)->read_timeout, &reply) == FAILURE) {
		redislock_argv_free(&a);
		return FAILURE;
	}
	redislock_argv_free(&a);
	if (reply->type == REDIS_REPLY_NIL) {
		ZVAL_NULL(out);
	} else if (!ops->convert(reply, out)) {
		redislock_conn_set_unexpected(h->conn, reply);
		result = FAILURE;
	}
	freeReplyObject(reply);
	return result;
}

/* One name's entry of inspectMany(): null, the answer, or the refusal. */
static void inspect_entry(const redislock_inspect_ops *ops, const redisReply *reply, zval *out)
{
	if (reply->type == REDIS_REPLY_NIL) {
		ZVAL_NULL(out);
		return;
	}
	if (reply->type != REDIS_REPLY_ERROR && ops->convert(reply, out)) {
		return;
	}
	array_init_size(out, 1);
	if (reply->type == REDIS_REPLY_ERROR) {
		add_assoc_stringl(out, "error", reply->str, MIN(reply->len, 512));
	} else {
		add_assoc_string(out, "error", "unexpected reply");
	}
}

void redislock_holder_inspect_many(INTERNAL_FUNCTION_PARAMETERS, redislock_holder *h, const redislock_inspect_ops *ops)
{
	HashTable *names_ht;
	zend_string **names;
	redislock_argv *sets;
	redisReply **replies;
	zval *entry;
	uint32_t n, i = 0;
	zend_result result;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY_HT(names_ht)
	ZEND_PARSE_PARAMETERS_END();

	if (!redislock_check_names(names_ht, 1, REDISLOCK_MAX_INSPECT_MANY, true) || !redislock_holder_ready(h, ZEND_THIS)) {
		RETURN_THROWS();
	}
	if ((n = zend_hash_num_elements(names_ht)) == 0) {
		RETURN_EMPTY_ARRAY();
	}
	if (redislock_holder_prepare(h) == FAILURE) {
		redislock_object_throw(&h->base);
		RETURN_THROWS();
	}
	names = safe_emalloc(n, sizeof(*names), 0);
	sets = safe_emalloc(n, sizeof(*sets), 0);
	replies = safe_emalloc(n, sizeof(*replies), 0);
	ZEND_HASH_FOREACH_VAL(names_ht, entry) {
		ZVAL_DEREF(entry);
		names[i] = Z_STR_P(entry);
		ops->args(h, names[i], &sets[i]);
		i++;
	} ZEND_HASH_FOREACH_END();
	result = redislock_script_call_many(h->conn, ops->script, sets, (int) n, redislock_conn_config(h->conn)->read_timeout, replies);
	for (i = 0; i < n; i++) {
		redislock_argv_free(&sets[i]);
	}
	efree(sets);
	if (result == FAILURE) {
		efree(replies);
		efree(names);
		redislock_object_throw(&h->base);
		RETURN_THROWS();
	}
	array_init_size(return_value, n);
	for (i = 0; i < n; i++) {
		zval v;
		inspect_entry(ops, replies[i], &v);
		/* Names are bytes: "1" and "01" stay two entries, as they are two locks. */
		zend_symtable_update(Z_ARRVAL_P(return_value), names[i], &v);
		freeReplyObject(replies[i]);
	}
	efree(replies);
	efree(names);
}

zend_result redislock_holder_release_all(redislock_holder *h, bool *all_released)
{
	zend_string **names, **tokens;
	uint32_t n;
	bool *released;
	zend_result result;

	*all_released = true;
	if (zend_hash_num_elements(&h->orphans) > 0 && clean_orphans(h) == FAILURE) {
		return FAILURE;
	}
	if (zend_hash_num_elements(&h->held) == 0) {
		return SUCCESS;
	}
	n = table_arrays(h, &h->held, &names, &tokens);
	redislock_holder_clear(h);
	released = safe_emalloc(n, sizeof(*released), 0);
	result = h->ops->release(h, names, tokens, n, false, released);
	for (uint32_t i = 0; i < n; i++) {
		if (result == FAILURE) {
			/* The reply was lost: the release may not have happened. */
			redislock_holder_orphan_token(h, names[i], tokens[i]);
			*all_released = false;
		} else if (!released[i]) {
			*all_released = false;
		}
	}
	efree(released);
	free_arrays(names, tokens, n);
	return result;
}

void redislock_holder_auto_release(redislock_holder *h)
{
	bool all_released;
	if (!h->conn) {
		return;
	}
	redislock_holder_forget_parent(h);
	if (redislock_conn_config(h->conn)->auto_release) {
		redislock_holder_release_all(h, &all_released);
	} else if (zend_hash_num_elements(&h->orphans) > 0) {
		clean_orphans(h);
	}
	redislock_holder_clear(h);
	redislock_renewal_table_stop_all(&h->token_watch);
}

zend_result redislock_holder_call_each(redislock_holder *h, const redislock_script *script, redislock_argv *sets, uint32_t n,
	const char *what, long long min, bool *ok)
{
	redisReply **replies = safe_emalloc(n, sizeof(*replies), 0);
	zend_result result;
	bool replies_read;

	result = redislock_script_call_many(h->conn, script, sets, (int) n, redislock_conn_config(h->conn)->read_timeout, replies);
	replies_read = result == SUCCESS;
	for (uint32_t i = 0; i < n && result == SUCCESS; i++) {
		/* An error reply (NOPERM, OOM, ...): the release did not happen; it is
		 * reported like a lost one, and the token kept as an orphan to retry. */
		if (replies[i]->type == REDIS_REPLY_ERROR) {
			redislock_conn_set_error(h->conn, REDISLOCK_ERR_SERVER, "%s script on %s failed: %.*s", what,
				redislock_conn_endpoint(h->conn), (int) MIN(replies[i]->len, 512), replies[i]->str);
			result = FAILURE;
		}
	}
	for (uint32_t i = 0; i < n; i++) {
		ok[i] = result == SUCCESS && replies[i]->type == REDIS_REPLY_INTEGER && replies[i]->integer >= min;
		if (replies_read) {
			freeReplyObject(replies[i]);
		}
	}
	efree(replies);
	return result;
}
