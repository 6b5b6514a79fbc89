/* What every class's object is before it is a lock, a semaphore, a rate limiter
 * or a queue: a connection and a key prefix, set by the constructor. Each class's
 * struct starts with this base (RedisLock and RedisSemaphore through their
 * redislock_holder) and ends with its zend_object, so the base is found from the
 * zend_object by the handlers' offset alone, and the pieces that are alike live
 * here once: the constructor's parsing and start, the check that it ran, the one
 * way a recorded failure is thrown, the object handlers, the read timeout and the
 * key of a name. */
#ifndef REDISLOCK_OBJECT_H
#define REDISLOCK_OBJECT_H

#include "php.h"
#include "redislock_config.h"
#include "redislock_conn.h"

typedef struct _redislock_object redislock_object;

/* The base's fields. A class embeds them with REDISLOCK_OBJECT_BASE, which lets
 * its own files keep naming them as its fields (q->conn, h->prefix) while the
 * helpers below take the base as a whole (&q->base): a union of the struct and
 * its members, whose common initial sequence C lets either name read. */
#define REDISLOCK_OBJECT_FIELDS \
	redislock_conn *conn;       /* NULL until the constructor ran */ \
	zend_string *prefix;        /* what the keys of every name start with */ \
	/* Throws the failure the last call recorded; NULL: the connection's. A \
	 * RedisLock on Redlock records its failures apart from any connection. */ \
	void (*throw_failure)(const redislock_object *o);

struct _redislock_object {
	REDISLOCK_OBJECT_FIELDS
};

#define REDISLOCK_OBJECT_BASE \
	union { \
		redislock_object base; \
		struct { REDISLOCK_OBJECT_FIELDS }; \
	}

/* ---- the object handlers --------------------------------------------------------- */

/* The base of an object whose class struct starts with it (every class's does). */
static inline redislock_object *redislock_object_of(zend_object *obj)
{
	return (redislock_object *) ((char *) obj - obj->handlers->offset);
}

/* create_object: size bytes, zeroed up to the zend_object at handlers->offset. */
zend_object *redislock_object_create(zend_class_entry *ce, size_t size, const zend_object_handlers *handlers);
/* The handlers every class has: no clone (a copy would share the holds and the
 * connection it does not own), free_obj and get_debug_info (NULL: the base's
 * own, for a class with nothing else to free or show). */
void redislock_object_startup(zend_class_entry *ce, zend_object_handlers *handlers, size_t offset,
	zend_object *(*create)(zend_class_entry *ce), zend_object_free_obj_t free_obj, zend_object_get_debug_info_t debug_info);
/* free_obj of the base: redislock_object_destroy(), then the zend_object. A class
 * with more to free frees it first, then calls this. */
void redislock_object_free(zend_object *obj);
/* The connection and the prefix. */
void redislock_object_destroy(redislock_object *o);
/* get_debug_info: the configuration and the prefix in info; false (info empty)
 * when the constructor was not called. */
bool redislock_object_debug_info(const redislock_object *o, zval *info);

/* ---- the constructor ------------------------------------------------------------- */

/* The constructor's one argument, a DSN or an array of options, parsed into cfg
 * and checked against what the class takes (redislock_config_for_class()): false
 * after throwing (also when it is called twice). */
bool redislock_object_parse(zend_execute_data *execute_data, const redislock_object *o, redislock_class cls,
	redislock_config *cfg);
/* The end of the constructor: the prefix (cfg's or default_prefix) and the
 * connection. */
void redislock_object_start(redislock_object *o, redislock_config *cfg, const char *default_prefix);

/* ---- methods --------------------------------------------------------------------- */

/* The start of every method: false after throwing an Error when the constructor
 * was not called (a subclass that overrides it without calling it). */
bool redislock_object_ready(const redislock_object *o, zval *this_ptr);
/* Throws the failure a call recorded, once: not when an exception is already on
 * its way (an argument error, or one of the user's code), nor for o NULL or
 * unconstructed (the object's check threw). */
void redislock_object_throw(const redislock_object *o);
/* A method's end after an argument error or a failed call. */
#define REDISLOCK_OBJECT_FAILED(o) do { redislock_object_throw(o); RETURN_THROWS(); } while (0)
/* How long a command of the object waits for its reply (s). */
double redislock_object_read_timeout(const redislock_object *o);
/* prefix + name: the key of a name. */
zend_string *redislock_object_key(const redislock_object *o, const zend_string *name);
/* Whether the keys of the names all sit in one cluster slot, as one script's keys
 * must (always true off a cluster). */
bool redislock_object_one_slot(const redislock_object *o, zend_string **names, uint32_t n);

#endif
