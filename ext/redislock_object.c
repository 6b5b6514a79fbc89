/* The object base every class embeds: see redislock_object.h. */
#include "redislock_object.h"
#include "redislock_slots.h"
#include "zend_exceptions.h"

/* The names the constructors' messages give, by class (not the object's class:
 * a subclass's constructor calling twice is the parent's constructor called
 * twice). */
static const char *class_name(redislock_class cls)
{
	switch (cls) {
		case REDISLOCK_CLASS_LOCK:
			return "RedisLock";
		case REDISLOCK_CLASS_SEMAPHORE:
			return "RedisSemaphore";
		case REDISLOCK_CLASS_LIMITER:
			return "RedisRateLimiter";
		case REDISLOCK_CLASS_QUEUE:
			return "RedisQueue";
		case REDISLOCK_CLASS_LATCH:
			return "RedisLatch";
	}
	return "";
}

/* ---- the object handlers --------------------------------------------------------- */

zend_object *redislock_object_create(zend_class_entry *ce, size_t size, const zend_object_handlers *handlers)
{
	char *o = zend_object_alloc(size, ce);
	zend_object *obj = (zend_object *) (o + handlers->offset);

	zend_object_std_init(obj, ce);
	object_properties_init(obj, ce);
	obj->handlers = handlers;
	return obj;
}

void redislock_object_destroy(redislock_object *o)
{
	if (o->conn) {
		redislock_conn_destroy(o->conn);
		o->conn = NULL;
	}
	if (o->prefix) {
		zend_string_release(o->prefix);
		o->prefix = NULL;
	}
}

void redislock_object_free(zend_object *obj)
{
	redislock_object_destroy(redislock_object_of(obj));
	zend_object_std_dtor(obj);
}

bool redislock_object_debug_info(const redislock_object *o, zval *info)
{
	array_init(info);
	if (!o->conn) {
		return false;
	}
	redislock_config_describe(redislock_conn_config(o->conn), info);
	add_assoc_str(info, "prefix", zend_string_copy(o->prefix));
	return true;
}

/* get_debug_info of a class that shows nothing of its own: whether it is
 * connected, after the base's. */
static HashTable *object_get_debug_info(zend_object *obj, int *is_temp)
{
	redislock_object *o = redislock_object_of(obj);
	zval info;

	*is_temp = 1;
	if (redislock_object_debug_info(o, &info)) {
		add_assoc_bool(&info, "connected", redislock_conn_connected(o->conn));
	}
	return Z_ARRVAL(info);
}

void redislock_object_startup(zend_class_entry *ce, zend_object_handlers *handlers, size_t offset,
	zend_object *(*create)(zend_class_entry *ce), zend_object_free_obj_t free_obj, zend_object_get_debug_info_t debug_info)
{
	ce->create_object = create;
	memcpy(handlers, zend_get_std_object_handlers(), sizeof(*handlers));
	handlers->offset = (int) offset;
	handlers->free_obj = free_obj ? free_obj : redislock_object_free;
	handlers->clone_obj = NULL;
	handlers->get_debug_info = debug_info ? debug_info : object_get_debug_info;
}

/* ---- the constructor ------------------------------------------------------------- */

/* The parameters of a constructor: a void function, as the parsing macros return
 * from the function they are in when the arguments are wrong. */
static void constructor_args(zend_execute_data *execute_data, zend_string **dsn, HashTable **options, bool *parsed)
{
	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT_OR_STR_OR_NULL(*options, *dsn)
	ZEND_PARSE_PARAMETERS_END();
	*parsed = true;
}

bool redislock_object_parse(zend_execute_data *execute_data, const redislock_object *o, redislock_class cls,
	redislock_config *cfg)
{
	zend_string *dsn = NULL;
	HashTable *options = NULL;
	bool parsed = false;

	constructor_args(execute_data, &dsn, &options, &parsed);
	if (!parsed) {
		return false;
	}
	if (o->conn) {
		zend_throw_error(NULL, "%s::__construct() cannot be called twice", class_name(cls));
		return false;
	}
	return redislock_config_parse(cfg, dsn, options, 1) == SUCCESS && redislock_config_for_class(cfg, cls, 1) == SUCCESS;
}

void redislock_object_start(redislock_object *o, redislock_config *cfg, const char *default_prefix)
{
	o->prefix = cfg->prefix ? zend_string_copy(cfg->prefix) : zend_string_init(default_prefix, strlen(default_prefix), 0);
	o->conn = redislock_conn_create(cfg);
}

/* ---- methods --------------------------------------------------------------------- */

bool redislock_object_ready(const redislock_object *o, zval *this_ptr)
{
	if (!o->conn) {
		zend_throw_error(NULL, "%s object is not initialized: its constructor was not called",
			ZSTR_VAL(Z_OBJCE_P(this_ptr)->name));
		return false;
	}
	return true;
}

void redislock_object_throw(const redislock_object *o)
{
	if (!o || !o->conn || EG(exception)) {
		return;
	}
	if (o->throw_failure) {
		o->throw_failure(o);
	} else {
		redislock_conn_throw(o->conn);
	}
}

double redislock_object_read_timeout(const redislock_object *o)
{
	return redislock_conn_config(o->conn)->read_timeout;
}

zend_string *redislock_object_key(const redislock_object *o, const zend_string *name)
{
	return zend_string_concat2(ZSTR_VAL(o->prefix), ZSTR_LEN(o->prefix), ZSTR_VAL(name), ZSTR_LEN(name));
}

bool redislock_object_one_slot(const redislock_object *o, zend_string **names, uint32_t n)
{
	unsigned int first = 0;

	if (redislock_conn_config(o->conn)->mode != REDISLOCK_MODE_CLUSTER) {
		return true;
	}
	for (uint32_t i = 0; i < n; i++) {
		zend_string *key = redislock_object_key(o, names[i]);
		unsigned int slot = redislock_key_slot(ZSTR_VAL(key), ZSTR_LEN(key));
		zend_string_release(key);
		if (i > 0 && slot != first) {
			return false;
		}
		first = slot;
	}
	return true;
}
