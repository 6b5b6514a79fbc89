/* The renewal core: see redislock_renewal.h. */
#include "redislock_renewal.h"

typedef struct {
	uint64_t id;
	zend_string *tag;  /* NULL: none */
} renewal_entry;

static void entry_free(zval *zv)
{
	renewal_entry *e = Z_PTR_P(zv);
	if (e->tag) {
		zend_string_release(e->tag);
	}
	efree(e);
}

void redislock_renewal_init(redislock_renewal *r)
{
	r->target = NULL;
	r->generation = redislock_fork_generation;
}

void redislock_renewal_destroy(redislock_renewal *r)
{
	redislock_wd_target_release(r->target);
	r->target = NULL;
}

bool redislock_renewal_forked(redislock_renewal *r)
{
	if (r->generation == redislock_fork_generation) {
		return false;
	}
	r->generation = redislock_fork_generation;
	return true;
}

redislock_wd_target *redislock_renewal_target(redislock_renewal *r, const redislock_conn *conn)
{
	if (!r->target) {
		r->target = redislock_conn_watchdog_target(conn);
	}
	return r->target;
}

uint64_t redislock_renewal_add(const redislock_renewal *r, const redislock_argv *a, const char *body, int life_arg,
	double lease, double max_hold, double since)
{
	return redislock_wd_add(r->target, a->argc, a->argv, a->lens, body, life_arg, lease, max_hold, since);
}

uint64_t redislock_renewal_add_bounded(const redislock_renewal *r, const redislock_argv *a, const char *body, int first_arg,
	double lease, double max_hold, double since)
{
	return redislock_wd_add_ex(r->target, a->argc, a->argv, a->lens, body, first_arg, lease, max_hold, since, true);
}

void redislock_renewal_table_init(redislock_renewal_table *t)
{
	zend_hash_init(&t->entries, 0, NULL, entry_free, 0);
	t->prune_at = 64;
}

void redislock_renewal_table_destroy(redislock_renewal_table *t)
{
	redislock_renewal_table_stop_all(t);
	zend_hash_destroy(&t->entries);
}

void redislock_renewal_table_put(redislock_renewal_table *t, const zend_string *key, uint64_t id, const zend_string *tag)
{
	renewal_entry *e = emalloc(sizeof(*e));

	redislock_renewal_table_stop(t, key, NULL);
	e->id = id;
	e->tag = tag ? zend_string_copy((zend_string *) tag) : NULL;
	zend_hash_add_new_ptr(&t->entries, (zend_string *) key, e);
}

bool redislock_renewal_table_stop(redislock_renewal_table *t, const zend_string *key, const zend_string *only_tag)
{
	renewal_entry *e;

	if (zend_hash_num_elements(&t->entries) == 0
		|| (e = zend_hash_find_ptr(&t->entries, (zend_string *) key)) == NULL
		|| (only_tag && !(e->tag && zend_string_equals(e->tag, only_tag)))) {
		return false;
	}
	redislock_wd_remove(e->id);
	zend_hash_del(&t->entries, (zend_string *) key);
	return true;
}

double redislock_renewal_table_stop_wait(redislock_renewal_table *t, const zend_string *key)
{
	renewal_entry *e;
	double left;

	if (zend_hash_num_elements(&t->entries) == 0 || (e = zend_hash_find_ptr(&t->entries, (zend_string *) key)) == NULL) {
		return -1;
	}
	left = redislock_wd_remove_wait(e->id);
	zend_hash_del(&t->entries, (zend_string *) key);
	return left;
}

void redislock_renewal_table_stop_all(redislock_renewal_table *t)
{
	renewal_entry *e;
	ZEND_HASH_FOREACH_PTR(&t->entries, e) {
		redislock_wd_remove(e->id);
	} ZEND_HASH_FOREACH_END();
	zend_hash_clean(&t->entries);
}

void redislock_renewal_table_prune(redislock_renewal_table *t)
{
	zend_string *key;
	renewal_entry *e;
	ZEND_HASH_FOREACH_STR_KEY_PTR(&t->entries, key, e) {
		if (redislock_wd_state_of(e->id) != REDISLOCK_WD_RENEWING) {
			redislock_wd_remove(e->id);
			zend_hash_del(&t->entries, key);
		}
	} ZEND_HASH_FOREACH_END();
}

void redislock_renewal_table_prune_some(redislock_renewal_table *t)
{
	uint32_t n = zend_hash_num_elements(&t->entries);
	if (n < t->prune_at) {
		return;
	}
	redislock_renewal_table_prune(t);
	n = zend_hash_num_elements(&t->entries);
	t->prune_at = n < 32 ? 64 : 2 * n;
}

void redislock_renewal_table_forget(redislock_renewal_table *t)
{
	zend_hash_clean(&t->entries);
}

redislock_wd_state redislock_renewal_table_state(const redislock_renewal_table *t, const zend_string *key)
{
	const renewal_entry *e = zend_hash_find_ptr(&t->entries, (zend_string *) key);
	return e ? redislock_wd_state_of(e->id) : REDISLOCK_WD_UNKNOWN;
}

uint32_t redislock_renewal_table_count(const redislock_renewal_table *t)
{
	return zend_hash_num_elements(&t->entries);
}
