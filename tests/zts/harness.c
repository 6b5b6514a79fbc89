/* A host for a thread-safe (ZTS) PHP, built on the embed SAPI, that serves PHP
 * "requests" from many threads of one process at once, the way a threaded
 * application server runs its PHP workers: every thread gets PHP's per-thread
 * resources once, then runs request after request (request startup, one script,
 * request shutdown) and gives the resources back when it ends.
 *
 *   harness [-t THREADS] [-r REQUESTS] [-d NAME=VALUE]... SCRIPT
 *
 * SCRIPT runs in three phases, told apart by $_SERVER['ZTS_PHASE']:
 *   setup  once, in thread 0, before the others start
 *   run    REQUESTS times in each of the THREADS threads, all of them at once
 *          (the threads start their first request together)
 *   check  once, in thread 0, after every run request has ended, while the
 *          other threads are still alive (their persistent connections too)
 * $_SERVER also has ZTS_THREAD (0 to THREADS - 1), ZTS_REQUEST (0 to REQUESTS - 1),
 * ZTS_THREADS and ZTS_REQUESTS, besides the environment.
 *
 * A request fails when it ends with an exit status other than 0 (an uncaught
 * exception, a fatal error, exit(1)), prints a line that starts with "FAIL", or
 * raises a warning, notice or deprecation (display_errors is on).
 * The check phase must print a line that starts with "PASS". What the requests
 * print is kept per thread; the failing requests' output is shown. The last
 * line is "PASS name: ..." or "FAIL name: ...", and the exit status 0 or 1.
 * -d settings are INI settings for the whole process ("extension=/path/x.so"
 * loads an extension). */
/* PHP's headers first: they define _GNU_SOURCE, which the C library's headers
 * must see before their first inclusion. */
#include "sapi/embed/php_embed.h"
#include "SAPI.h"
#include "php_main.h"
#include "php_variables.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
	char *data;
	size_t len;
	size_t cap;
} text;

static void text_add(text *t, const char *s, size_t n)
{
	if (t->len + n + 1 > t->cap) {
		size_t cap = t->cap ? t->cap : 4096;
		while (cap < t->len + n + 1) {
			cap *= 2;
		}
		char *data = realloc(t->data, cap);
		if (!data) {
			abort();
		}
		t->data = data;
		t->cap = cap;
	}
	memcpy(t->data + t->len, s, n);
	t->len += n;
	t->data[t->len] = '\0';
}

static void text_addf(text *t, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void text_addf(text *t, const char *format, ...)
{
	char buf[1024];
	va_list args;
	va_start(args, format);
	int n = vsnprintf(buf, sizeof(buf), format, args);
	va_end(args);
	if (n > 0) {
		text_add(t, buf, (size_t) n < sizeof(buf) ? (size_t) n : sizeof(buf) - 1);
	}
}

/* What a thread is doing: the output of its current request goes here. */
typedef struct {
	int index;
	int requests;
	const char *phase;
	int request;
	text out;          /* the current request's output */
	text failures;     /* the failed requests' output, for the report */
	int failed;
	int passed_check;  /* the check printed a PASS line */
	char pass_line[512];
} worker;

static __thread worker *current;
static const char *script;
static int threads = 4, requests = 10;
static pthread_barrier_t start_run, run_done, check_done;

/* ---- the SAPI's callbacks that differ from the embed SAPI's ---------------------- */

static size_t capture_write(const char *str, size_t len)
{
	if (current) {
		text_add(&current->out, str, len);
	} else {
		fwrite(str, 1, len, stdout);
	}
	return len;
}

static void capture_flush(void *server_context)
{
}

static void register_variables(zval *track_vars_array)
{
	char value[32];
	php_import_environment_variables(track_vars_array);
	if (!current) {
		return;
	}
	php_register_variable("ZTS_PHASE", current->phase, track_vars_array);
	snprintf(value, sizeof(value), "%d", current->index);
	php_register_variable("ZTS_THREAD", value, track_vars_array);
	snprintf(value, sizeof(value), "%d", current->request);
	php_register_variable("ZTS_REQUEST", value, track_vars_array);
	snprintf(value, sizeof(value), "%d", threads);
	php_register_variable("ZTS_THREADS", value, track_vars_array);
	snprintf(value, sizeof(value), "%d", requests);
	php_register_variable("ZTS_REQUESTS", value, track_vars_array);
}

static void log_message(const char *message, int syslog_type)
{
	if (current) {
		text_add(&current->out, message, strlen(message));
		text_add(&current->out, "\n", 1);
	} else {
		fprintf(stderr, "%s\n", message);
	}
}

/* ---- one request -------------------------------------------------------------------- */

/* Runs SCRIPT once as a request of this thread; false when it failed. */
static int run_request(worker *w, const char *phase, int request)
{
	zend_file_handle file;
	int status, ok;
	const char *line;

	w->phase = phase;
	w->request = request;
	w->out.len = 0;
	if (w->out.data) {
		w->out.data[0] = '\0';
	}

	SG(options) |= SAPI_OPTION_NO_CHDIR;
	SG(request_info).argc = 0;
	SG(request_info).argv = NULL;
	SG(request_info).path_translated = (char *) script;
	if (php_request_startup() == FAILURE) {
		text_addf(&w->failures, "thread %d: %s request %d: php_request_startup() failed\n", w->index, phase, request);
		return 0;
	}
	SG(headers_sent) = 1;
	SG(request_info).no_headers = 1;

	zend_stream_init_filename(&file, script);
	php_execute_script(&file);
	status = EG(exit_status);
	zend_destroy_file_handle(&file);
	php_request_shutdown(NULL);

	ok = status == 0;
	for (line = w->out.data; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		if (strncmp(line, "FAIL", 4) == 0 || strncmp(line, "Warning: ", 9) == 0 || strncmp(line, "Notice: ", 8) == 0
			|| strncmp(line, "Deprecated: ", 12) == 0 || strncmp(line, "Fatal error: ", 13) == 0) {
			ok = 0;
		}
		if (strcmp(phase, "check") == 0 && strncmp(line, "PASS", 4) == 0) {
			size_t n = strcspn(line, "\n");
			w->passed_check = 1;
			snprintf(w->pass_line, sizeof(w->pass_line), "%.*s", (int) n, line);
		}
	}
	if (!ok) {
		text_addf(&w->failures, "thread %d: %s request %d (exit status %d):\n%s%s", w->index, phase, request, status,
			w->out.data ? w->out.data : "", w->out.len && w->out.data[w->out.len - 1] != '\n' ? "\n" : "");
		w->failed++;
	}
	return ok;
}

static void *thread_main(void *arg)
{
	worker *w = arg;

	current = w;
	/* This thread's copy of PHP's globals (and of every extension's). */
	(void) ts_resource(0);

	if (w->index == 0) {
		run_request(w, "setup", 0);
	}
	pthread_barrier_wait(&start_run);
	for (int r = 0; r < w->requests; r++) {
		run_request(w, "run", r);
	}
	pthread_barrier_wait(&run_done);
	if (w->index == 0) {
		run_request(w, "check", 0);
	}
	pthread_barrier_wait(&check_done);

	ts_free_thread();
	current = NULL;
	return NULL;
}

/* ---- the process ------------------------------------------------------------------- */

static void usage(void)
{
	fprintf(stderr, "usage: harness [-t THREADS] [-r REQUESTS] [-d NAME=VALUE]... SCRIPT\n");
	exit(2);
}

int main(int argc, char **argv)
{
	text ini = {0};
	worker *workers;
	pthread_t *ids;
	int opt, failed = 0;
	const char *name;

	static const char defaults[] = "html_errors=0\ndisplay_errors=1\nlog_errors=0\nmax_execution_time=0\n"
		"output_buffering=0\nimplicit_flush=1\nerror_reporting=-1\n";

	text_add(&ini, defaults, sizeof(defaults) - 1);
	while ((opt = getopt(argc, argv, "t:r:d:")) != -1) {
		switch (opt) {
			case 't': threads = atoi(optarg); break;
			case 'r': requests = atoi(optarg); break;
			case 'd': text_add(&ini, optarg, strlen(optarg)); text_add(&ini, "\n", 1); break;
			default: usage();
		}
	}
	if (optind != argc - 1 || threads < 1 || requests < 1) {
		usage();
	}
	script = argv[optind];
	name = strrchr(script, '/') ? strrchr(script, '/') + 1 : script;
	/* Two NULs end the INI text, as PHP expects of a SAPI's ini_entries. */
	text_add(&ini, "\0", 1);

	php_tsrm_startup();
	zend_signal_startup();
	sapi_startup(&php_embed_module);
	php_embed_module.ub_write = capture_write;
	php_embed_module.flush = capture_flush;
	php_embed_module.register_server_variables = register_variables;
	php_embed_module.log_message = log_message;
	php_embed_module.php_ini_ignore = 1;
	php_embed_module.ini_entries = ini.data;
	if (php_embed_module.startup(&php_embed_module) == FAILURE) {
		fprintf(stderr, "FAIL %s: PHP did not start\n", name);
		return 1;
	}

	workers = calloc((size_t) threads, sizeof(*workers));
	ids = calloc((size_t) threads, sizeof(*ids));
	pthread_barrier_init(&start_run, NULL, (unsigned) threads);
	pthread_barrier_init(&run_done, NULL, (unsigned) threads);
	pthread_barrier_init(&check_done, NULL, (unsigned) threads);
	for (int i = 0; i < threads; i++) {
		workers[i].index = i;
		workers[i].requests = requests;
		if (pthread_create(&ids[i], NULL, thread_main, &workers[i]) != 0) {
			fprintf(stderr, "FAIL %s: could not start thread %d\n", name, i);
			return 1;
		}
	}
	for (int i = 0; i < threads; i++) {
		pthread_join(ids[i], NULL);
	}

	php_module_shutdown();
	sapi_shutdown();
	tsrm_shutdown();

	for (int i = 0; i < threads; i++) {
		failed += workers[i].failed;
		if (workers[i].failures.len) {
			fputs(workers[i].failures.data, stdout);
		}
	}
	if (failed) {
		printf("FAIL %s: %d of %d requests failed (%d threads x %d requests)\n", name, failed,
			threads * requests + 2, threads, requests);
	} else if (!workers[0].passed_check) {
		printf("FAIL %s: the check printed no PASS line (%d threads x %d requests)\n", name, threads, requests);
		failed = 1;
	} else {
		printf("%s (%s, %d threads x %d requests)\n", workers[0].pass_line, name, threads, requests);
	}
	for (int i = 0; i < threads; i++) {
		free(workers[i].out.data);
		free(workers[i].failures.data);
	}
	free(workers);
	free(ids);
	free(ini.data);
	return failed ? 1 : 0;
}
