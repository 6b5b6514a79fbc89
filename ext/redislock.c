/* The module: INI settings, startup and shutdown, phpinfo. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php_redislock.h"
#include "redislock_globals.h"
#include "php_ini.h"
#include "ext/standard/info.h"
#include "php_main.h"
#include "SAPI.h"
#include "ext/spl/spl_exceptions.h"
#include "zend_attributes.h"
#include "redislock_exceptions.h"
#include "redislock_slots.h"
#include "redislock_config.h"
#include "redislock_conn.h"
#include "redislock_scripts.h"
#include "redislock_lock.h"
#include "redislock_queue.h"
#include "redislock_semaphore.h"
#include "redislock_limiter.h"
#include "redislock_latch.h"
#include "redislock_watchdog.h"
/* The limits the arginfo declares as class constants (@cvalue). */
#include "redislock_args.h"
#include "redislock_holder.h"
#include "redislock_queue_int.h"
#include "redislock_arginfo.h"
#include <hiredis/hiredis.h>
#include <openssl/crypto.h>
#include <math.h>

ZEND_DECLARE_MODULE_GLOBALS(redislock)

/* A timeout setting: seconds from 0.001 to 1e9, as the timeout options. */
static ZEND_INI_MH(OnUpdateTimeout)
{
	double seconds = zend_strtod(ZSTR_VAL(new_value), NULL);
	if (!isfinite(seconds) || seconds < 0.001 || seconds > 1e9) {
		return FAILURE;
	}
	return OnUpdateReal(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
}

/* phpinfo() and php --ri show the default connection without its password. */
static ZEND_INI_DISP(display_connection)
{
	zend_string *value = type == ZEND_INI_DISPLAY_ORIG && ini_entry->modified ? ini_entry->orig_value : ini_entry->value;
	zend_string *shown;
	if (!value || ZSTR_LEN(value) == 0) {
		PUTS(sapi_module.phpinfo_as_text ? "no value" : "<i>no value</i>");
		return;
	}
	shown = redislock_config_redact(ZSTR_VAL(value));
	if (sapi_module.phpinfo_as_text) {
		PHPWRITE(ZSTR_VAL(shown), ZSTR_LEN(shown));
	} else {
		php_html_puts(ZSTR_VAL(shown), ZSTR_LEN(shown));
	}
	zend_string_release(shown);
}

PHP_INI_BEGIN()
	STD_PHP_INI_ENTRY_EX("redislock.default_connection", "redis://127.0.0.1:6379", PHP_INI_ALL,
		OnUpdateString, default_connection, zend_redislock_globals, redislock_globals, display_connection)
	STD_PHP_INI_ENTRY("redislock.connect_timeout", "1.0", PHP_INI_ALL,
		OnUpdateTimeout, connect_timeout, zend_redislock_globals, redislock_globals)
	STD_PHP_INI_ENTRY("redislock.read_timeout", "2.0", PHP_INI_ALL,
		OnUpdateTimeout, read_timeout, zend_redislock_globals, redislock_globals)
PHP_INI_END()

static PHP_GINIT_FUNCTION(redislock)
{
#if defined(COMPILE_DL_REDISLOCK) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	memset(redislock_globals, 0, sizeof(*redislock_globals));
	zend_hash_init(&redislock_globals->links, 4, NULL, NULL, 1);
}

static PHP_GSHUTDOWN_FUNCTION(redislock)
{
	redislock_links_free(&redislock_globals->links);
}

static PHP_MINIT_FUNCTION(redislock)
{
	zend_class_entry *ce;

	REGISTER_INI_ENTRIES();
	redislock_conn_set_lib_version(PHP_REDISLOCK_VERSION);

	redislock_ce_exception = register_class_RedisLockException(spl_ce_RuntimeException);
	redislock_ce_connection_exception = register_class_RedisLockConnectionException(redislock_ce_exception);
	redislock_ce_timeout_exception = register_class_RedisLockTimeoutException(redislock_ce_exception);
	redislock_ce_server_exception = register_class_RedisLockServerException(redislock_ce_exception);

	ce = register_class_RedisLock();
	redislock_lock_startup(ce);
	ce = register_class_RedisQueue();
	redislock_queue_startup(ce);
	ce = register_class_RedisSemaphore();
	redislock_semaphore_startup(ce);
	ce = register_class_RedisRateLimiter();
	redislock_limiter_startup(ce);
	ce = register_class_RedisLatch();
	redislock_latch_startup(ce);

	redislock_slots_startup();
	redislock_config_startup();
	if (!redislock_fork_watch()) {
		php_error_docref(NULL, E_CORE_WARNING, "redislock could not register its fork handler");
		return FAILURE;
	}
	/* After the fork generation's handler: a child counts its generation before
	 * the watchdog's table is emptied (its links are then closed quietly). */
	if (!redislock_wd_startup()) {
		php_error_docref(NULL, E_CORE_WARNING, "redislock could not register the watchdog's fork handler");
		return FAILURE;
	}
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(redislock)
{
	redislock_wd_shutdown();
	redislock_config_shutdown();
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

static PHP_RINIT_FUNCTION(redislock)
{
#if defined(COMPILE_DL_REDISLOCK) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	REDISLOCK_G(live_conns) = NULL;
	return SUCCESS;
}

/* Objects that were destructed normally have released already; this catches the
 * ones a fatal error or exit kept from their destructor, then closes the
 * request's sockets (persistent ones stay for the next request). */
static PHP_RSHUTDOWN_FUNCTION(redislock)
{
	redislock_conn_shutdown_all();
	return SUCCESS;
}

static PHP_MINFO_FUNCTION(redislock)
{
	char hiredis_version[32];
	snprintf(hiredis_version, sizeof(hiredis_version), "%d.%d.%d", HIREDIS_MAJOR, HIREDIS_MINOR, HIREDIS_PATCH);

	php_info_print_table_start();
	php_info_print_table_row(2, "redislock support", "enabled");
	php_info_print_table_row(2, "Version", PHP_REDISLOCK_VERSION);
	php_info_print_table_row(2, "hiredis version", hiredis_version);
	php_info_print_table_row(2, "TLS", OpenSSL_version(OPENSSL_VERSION));
	php_info_print_table_row(2, "Classes", "RedisLock, RedisQueue, RedisSemaphore, RedisRateLimiter, RedisLatch");
	php_info_print_table_row(2, "Watchdog thread", redislock_wd_running() ? "running" : "not running");
	{
		char count[16];
		snprintf(count, sizeof(count), "%u", redislock_wd_count());
		php_info_print_table_row(2, "Holds the watchdog renews", count);
	}
	php_info_print_table_end();

	DISPLAY_INI_ENTRIES();
}

zend_module_entry redislock_module_entry = {
	STANDARD_MODULE_HEADER,
	"redislock",
	NULL,
	PHP_MINIT(redislock),
	PHP_MSHUTDOWN(redislock),
	PHP_RINIT(redislock),
	PHP_RSHUTDOWN(redislock),
	PHP_MINFO(redislock),
	PHP_REDISLOCK_VERSION,
	PHP_MODULE_GLOBALS(redislock),
	PHP_GINIT(redislock),
	PHP_GSHUTDOWN(redislock),
	NULL,
	STANDARD_MODULE_PROPERTIES_EX
};

#ifdef COMPILE_DL_REDISLOCK
#ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
#endif
ZEND_GET_MODULE(redislock)
#endif
