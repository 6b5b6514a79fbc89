/* One link to one server: sockets opened non-blocking, poll() against the call's
 * deadline, OpenSSL for TLS, hiredis's reader for replies. No Zend API. */
#include "redislock_link.h"
#include "redislock_resp.h"
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

/* ---- lifecycle -------------------------------------------------------------- */

redislock_link *redislock_link_new(bool persistent)
{
	redislock_link *l = calloc(1, sizeof(*l));
	if (!l) {
		return NULL;
	}
	l->fd = -1;
	l->persistent = persistent;
	return l;
}

void redislock_link_free(redislock_link *l)
{
	if (!l) {
		return;
	}
	redislock_link_close(l);
	redislock_buf_free(&l->out);
	free(l);
}

void redislock_link_format_endpoint(char *out, size_t size, const char *host, long port, const char *socket_path)
{
	if (socket_path && socket_path[0]) {
		snprintf(out, size, "unix:%s", socket_path);
	} else if (strchr(host, ':')) {
		snprintf(out, size, "[%s]:%ld", host, port);
	} else {
		snprintf(out, size, "%s:%ld", host, port);
	}
}

void redislock_link_target(redislock_link *l, const char *host, long port, const char *socket_path, bool tls)
{
	l->tls = tls;
	redislock_link_format_endpoint(l->endpoint, sizeof(l->endpoint), host, port, socket_path);
	if (socket_path && socket_path[0]) {
		l->host[0] = '\0';
		l->port = 0;
		snprintf(l->socket_path, sizeof(l->socket_path), "%s", socket_path);
		return;
	}
	l->socket_path[0] = '\0';
	snprintf(l->host, sizeof(l->host), "%s", host);
	l->port = port;
}

void redislock_link_close(redislock_link *l)
{
	if (l->ssl) {
		/* No SSL_shutdown(): a close_notify is not needed by Redis, and in a forked
		 * child it would go out on the parent's session. SSL_free sends nothing. */
		SSL_free(l->ssl);
		l->ssl = NULL;
	}
	if (l->fd >= 0) {
		/* The process that opened the link ends the connection itself, not only its
		 * descriptor: a forked child that still holds a copy would keep it open, and
		 * a read it left blocked on the server would take a delivery nobody reads.
		 * A child only closes its copy (the connection is its parent's). */
		if (l->generation == redislock_fork_generation) {
			shutdown(l->fd, SHUT_RDWR);
		}
		close(l->fd);
		l->fd = -1;
	}
	if (l->reader) {
		redisReaderFree(l->reader);
		l->reader = NULL;
	}
	l->out.len = 0;
	l->out_sent = 0;
	l->pending = 0;
	l->probe_owed = 0;
}

/* ---- waiting ------------------------------------------------------------------ */

/* Waits until fd is ready for events or the deadline passes: 1 ready, 0 timed
 * out, -1 failed (errno set), -2 interrupted. A signal ends the wait early only
 * when intr (may be NULL) says so. */
static int wait_fd(int fd, short events, double deadline, const redislock_interrupt *intr)
{
	for (;;) {
		struct pollfd p = {fd, events, 0};
		double remaining = deadline - redislock_now();
		int ms, n;
		/* Rounded up: poll() would turn 0.4 ms into 0 and spin. Past the deadline,
		 * one look without waiting still counts what has already arrived: a
		 * Redlock round reads its servers in turn against one deadline. */
		ms = remaining <= 0 ? 0 : remaining > 2e6 ? 2000000000 : (int) ceil(remaining * 1000.0);
		n = poll(&p, 1, ms);
		if (n > 0) {
			return 1;
		}
		if (n < 0 && errno != EINTR) {
			return -1;
		}
		if (n < 0 && intr && intr->pending(intr->arg)) {
			return -2;
		}
		if (ms == 0 && n == 0) {
			return 0;
		}
	}
}

/* ---- TLS ------------------------------------------------------------------------ */

/* OpenSSL's socket BIO writes with write(), and a peer that has gone makes that
 * raise SIGPIPE, which kills a process that does not ignore it. This BIO sends
 * with MSG_NOSIGNAL instead. */
static BIO_METHOD *nosignal_method;
static pthread_once_t nosignal_once = PTHREAD_ONCE_INIT;

static int bio_fd(BIO *b)
{
	return (int) (intptr_t) BIO_get_data(b);
}

static int bio_write(BIO *b, const char *data, int len)
{
	ssize_t n = send(bio_fd(b), data, (size_t) len, MSG_NOSIGNAL);
	BIO_clear_retry_flags(b);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
		BIO_set_retry_write(b);
	}
	return (int) n;
}

static int bio_read(BIO *b, char *data, int len)
{
	ssize_t n = recv(bio_fd(b), data, (size_t) len, 0);
	BIO_clear_retry_flags(b);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
		BIO_set_retry_read(b);
	}
	return (int) n;
}

static long bio_ctrl(BIO *b, int cmd, long num, void *ptr)
{
	return cmd == BIO_CTRL_FLUSH ? 1 : 0;
}

static void make_nosignal_method(void)
{
	BIO_METHOD *m = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "redislock socket");
	if (m && BIO_meth_set_write(m, bio_write) && BIO_meth_set_read(m, bio_read) && BIO_meth_set_ctrl(m, bio_ctrl)) {
		nosignal_method = m;
	}
}

static BIO *nosignal_bio(int fd)
{
	BIO *b;
	pthread_once(&nosignal_once, make_nosignal_method);
	if (!nosignal_method || (b = BIO_new(nosignal_method)) == NULL) {
		return NULL;
	}
	BIO_set_data(b, (void *) (intptr_t) fd);
	BIO_set_init(b, 1);
	return b;
}

/* The oldest queued OpenSSL error, or what is known without one. */
static const char *openssl_reason(char *buf, size_t size, const char *otherwise)
{
	unsigned long code = ERR_get_error();
	if (!code) {
		return otherwise;
	}
	ERR_error_string_n(code, buf, size);
	ERR_clear_error();
	return buf;
}

static bool is_ip_address(const char *name)
{
	unsigned char addr[sizeof(struct in6_addr)];
	return inet_pton(AF_INET, name, addr) == 1 || inet_pton(AF_INET6, name, addr) == 1;
}

static int no_passphrase(char *buf, int size, int rwflag, void *userdata)
{
	return 0;
}

/* The SSL_CTX for one connection: verification, CAs and client certificate as
 * the settings say. NULL with the reason in st. */
static SSL_CTX *tls_context(redislock_link *l, const redislock_tls_settings *t, const redislock_link_options *o,
	redislock_status *st)
{
	char reason[256];
	SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());

	if (!ctx) {
		redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "connect to %s failed: TLS setup: %s", l->endpoint,
			openssl_reason(reason, sizeof(reason), "out of memory"));
		return NULL;
	}
	SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
	/* An encrypted key must fail, not make OpenSSL prompt on the terminal. */
	SSL_CTX_set_default_passwd_cb(ctx, no_passphrase);
	SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
	SSL_CTX_set_verify(ctx, t->verify_peer ? SSL_VERIFY_PEER : SSL_VERIFY_NONE, NULL);
	if (t->verify_peer) {
		if (t->cafile || t->capath) {
			if (SSL_CTX_load_verify_locations(ctx, t->cafile, t->capath) != 1) {
				redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "connect to %s failed: could not load the CA certificates from %s: %s",
					l->endpoint, t->cafile ? t->cafile : t->capath, openssl_reason(reason, sizeof(reason), "unreadable"));
				goto failed;
			}
		} else if (SSL_CTX_set_default_verify_paths(ctx) != 1) {
			redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "connect to %s failed: could not load the system's CA certificates: %s",
				l->endpoint, openssl_reason(reason, sizeof(reason), "unreadable"));
			goto failed;
		}
	}
	if (t->local_cert) {
		const char *key = t->local_pk ? t->local_pk : t->local_cert;
		if (SSL_CTX_use_certificate_chain_file(ctx, t->local_cert) != 1) {
			redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "connect to %s failed: could not load local_cert %s: %s",
				l->endpoint, t->local_cert, openssl_reason(reason, sizeof(reason), "unreadable"));
			goto failed;
		}
		if (SSL_CTX_use_PrivateKey_file(ctx, key, SSL_FILETYPE_PEM) != 1 || SSL_CTX_check_private_key(ctx) != 1) {
			redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "connect to %s failed: could not use the private key %s: %s",
				l->endpoint, key, openssl_reason(reason, sizeof(reason), "it does not match local_cert"));
			goto failed;
		}
	}
	return ctx;

failed:
	SSL_CTX_free(ctx);
	return NULL;
}

/* The name the server's certificate must carry: sent as SNI (unless an IP
 * address), and checked when the settings ask for it. */
static bool tls_name(redislock_link *l, const redislock_tls_settings *t, const char *name, redislock_status *st)
{
	if (!name[0]) {
		redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "connect to %s failed: TLS setup: no name to verify the certificate against", l->endpoint);
		return false;
	}
	if (!is_ip_address(name) && SSL_set_tlsext_host_name(l->ssl, name) != 1) {
		redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "connect to %s failed: TLS setup: \"%s\" cannot be sent as SNI", l->endpoint, name);
		return false;
	}
	if (t->verify_peer && t->verify_peer_name) {
		X509_VERIFY_PARAM *param = SSL_get0_param(l->ssl);
		int named = is_ip_address(name) ? X509_VERIFY_PARAM_set1_ip_asc(param, name)
			: X509_VERIFY_PARAM_set1_host(param, name, 0);
		if (named != 1) {
			redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "connect to %s failed: TLS setup: cannot verify the name \"%s\"",
				l->endpoint, name);
			return false;
		}
	}
	return true;
}

/* The TLS handshake on l->fd, by the deadline. */
static bool tls_handshake(redislock_link *l, const redislock_tls_settings *t, const redislock_link_options *o,
	double started, double deadline, redislock_status *st)
{
	const char *name = t->peer_name ? t->peer_name : l->host;
	char reason[256];
	SSL_CTX *ctx;
	BIO *bio;

	ERR_clear_error();
	if ((ctx = tls_context(l, t, o, st)) == NULL) {
		return false;
	}
	l->ssl = SSL_new(ctx);
	SSL_CTX_free(ctx);
	if (!l->ssl || (bio = nosignal_bio(l->fd)) == NULL) {
		redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "connect to %s failed: TLS setup: %s", l->endpoint,
			openssl_reason(reason, sizeof(reason), "out of memory"));
		return false;
	}
	SSL_set_bio(l->ssl, bio, bio);
	if (!tls_name(l, t, name, st)) {
		return false;
	}
	for (;;) {
		int r, ready;
		ERR_clear_error();
		r = SSL_connect(l->ssl);
		if (r == 1) {
			return true;
		}
		switch (SSL_get_error(l->ssl, r)) {
			case SSL_ERROR_WANT_READ:
				ready = wait_fd(l->fd, POLLIN, deadline, NULL);
				break;
			case SSL_ERROR_WANT_WRITE:
				ready = wait_fd(l->fd, POLLOUT, deadline, NULL);
				break;
			default: {
				long verified = SSL_get_verify_result(l->ssl);
				if (verified != X509_V_OK) {
					bool misnamed = verified == X509_V_ERR_HOSTNAME_MISMATCH || verified == X509_V_ERR_IP_ADDRESS_MISMATCH;
					redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "connect to %s failed: TLS certificate verify failed: %s%s%s%s",
						l->endpoint, X509_verify_cert_error_string(verified),
						misnamed ? " (the certificate did not match expected name \"" : "", misnamed ? name : "", misnamed ? "\")" : "");
					ERR_clear_error();
				} else {
					redislock_status_set(st, REDISLOCK_ERR_CONNECT, errno, "connect to %s failed: TLS handshake: %s", l->endpoint,
						openssl_reason(reason, sizeof(reason), errno ? strerror(errno) : "the server closed the connection"));
				}
				return false;
			}
		}
		if (ready == 0) {
			/* A ConnectionException, not a timeout: a server that never answers a
			 * TLS hello is almost always not a TLS server. */
			redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0,
				"connect to %s failed: no SSL/TLS handshake reply after %.3f s (is it a TLS port?) (connect_timeout %g s)",
				l->endpoint, redislock_now() - started, o->connect_timeout);
			return false;
		}
		if (ready < 0) {
			redislock_status_set(st, REDISLOCK_ERR_CONNECT, errno, "connect to %s failed: TLS handshake: %s", l->endpoint, strerror(errno));
			return false;
		}
	}
}

/* ---- connecting ----------------------------------------------------------------- */

/* A non-blocking connect to one address, finished by the deadline: 1 connected,
 * 0 timed out, -1 failed (errno set). */
static int connect_one(int fd, const struct sockaddr *addr, socklen_t len, double deadline)
{
	int err = 0, ready;
	socklen_t err_len = sizeof(err);

	bool in_progress = false;

	while (connect(fd, addr, len) != 0) {
		if (errno == EINPROGRESS) {
			in_progress = true;
			break;
		}
		if (errno != EAGAIN && errno != EINTR) {
			return -1;
		}
		/* A unix socket whose backlog is full refuses at once with EAGAIN and
		 * does not connect later by itself: try again shortly, by the deadline. */
		if (redislock_now() + 0.001 >= deadline) {
			return 0;
		}
		usleep(1000);
	}
	if (!in_progress) {
		return 1;
	}
	if ((ready = wait_fd(fd, POLLOUT, deadline, NULL)) <= 0) {
		return ready;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &err_len) < 0) {
		return -1;
	}
	if (err) {
		errno = err;
		return -1;
	}
	return 1;
}

static bool connect_unix(redislock_link *l, const redislock_link_options *o, double deadline, redislock_status *st)
{
	struct sockaddr_un addr;
	int r;

	memset(&addr, 0, sizeof(addr));
	addr.sun_family = AF_UNIX;
	if (strlen(l->socket_path) > REDISLOCK_MAX_SOCKET_PATH) {
		redislock_status_set(st, REDISLOCK_ERR_CONNECT, ENAMETOOLONG, "connect to %s failed: the unix socket path is longer than %d bytes",
			l->endpoint, REDISLOCK_MAX_SOCKET_PATH);
		return false;
	}
	memcpy(addr.sun_path, l->socket_path, strlen(l->socket_path));
	if ((l->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)) < 0) {
		redislock_status_set(st, REDISLOCK_ERR_CONNECT, errno, "connect to %s failed: %s", l->endpoint, strerror(errno));
		return false;
	}
	r = connect_one(l->fd, (struct sockaddr *) &addr, sizeof(addr), deadline);
	if (r == 1) {
		return true;
	}
	if (r == 0) {
		redislock_status_set(st, REDISLOCK_ERR_TIMEOUT, ETIMEDOUT, "connect to %s timed out (connect_timeout %g s)", l->endpoint, o->connect_timeout);
	} else {
		redislock_status_set(st, REDISLOCK_ERR_CONNECT, errno, "connect to %s failed: %s (connect_timeout %g s)",
			l->endpoint, strerror(errno), o->connect_timeout);
	}
	close(l->fd);
	l->fd = -1;
	return false;
}

/* Tries every address the host resolves to, in order, until one connects. */
static bool connect_tcp(redislock_link *l, const redislock_link_options *o, double started, double deadline, redislock_status *st)
{
	struct addrinfo hints, *found = NULL, *ai;
	char port[16];
	int rc, last_errno = 0;
	bool timed_out = false;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV | AI_ADDRCONFIG;
	snprintf(port, sizeof(port), "%ld", l->port);
	rc = getaddrinfo(l->host, port, &hints, &found);
	if (rc == EAI_ADDRFAMILY || rc == EAI_NONAME) {
		/* AI_ADDRCONFIG hides ::1 and 127.0.0.1 on a host with only loopback. */
		hints.ai_flags = AI_NUMERICSERV;
		rc = getaddrinfo(l->host, port, &hints, &found);
	}
	if (rc != 0) {
		redislock_status_set(st, REDISLOCK_ERR_CONNECT, rc == EAI_SYSTEM ? errno : 0,
			"connect to %s failed: could not resolve the host: %s (connect_timeout %g s)",
			l->endpoint, rc == EAI_SYSTEM ? strerror(errno) : gai_strerror(rc), o->connect_timeout);
		return false;
	}
	for (ai = found; ai; ai = ai->ai_next) {
		int r;
		if ((l->fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol)) < 0) {
			last_errno = errno;
			continue;
		}
		r = connect_one(l->fd, ai->ai_addr, ai->ai_addrlen, deadline);
		if (r == 1) {
			int one = 1;
			/* Each command is written whole; Nagle would only add latency. */
			setsockopt(l->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
			freeaddrinfo(found);
			return true;
		}
		last_errno = r == 0 ? ETIMEDOUT : errno;
		timed_out = r == 0;
		close(l->fd);
		l->fd = -1;
		if (timed_out) {
			break;
		}
	}
	freeaddrinfo(found);
	if (timed_out) {
		redislock_status_set(st, REDISLOCK_ERR_TIMEOUT, ETIMEDOUT, "connect to %s timed out after %.3f s (connect_timeout %g s)",
			l->endpoint, redislock_now() - started, o->connect_timeout);
	} else {
		redislock_status_set(st, REDISLOCK_ERR_CONNECT, last_errno, "connect to %s failed: %s (connect_timeout %g s)",
			l->endpoint, last_errno ? strerror(last_errno) : "no address", o->connect_timeout);
	}
	return false;
}

/* ---- the probe: what the server is and has ------------------------------------- */

/* The capabilities: the release of each kind that brought one (0: none has it),
 * and the command (or container|subcommand) COMMAND INFO must know for it. */
static const struct {
	const char *name;
	unsigned redis_since, valkey_since;
	const char *command;
} caps_table[REDISLOCK_CAP_COUNT] = {
	[REDISLOCK_CAP_CLIENT_SETINFO]   = {"CLIENT SETINFO", 70200, 70200, "client|setinfo"},
	[REDISLOCK_CAP_XACKDEL]          = {"XACKDEL", 80200, 0, "xackdel"},
	[REDISLOCK_CAP_XREADGROUP_CLAIM] = {"XREADGROUP CLAIM", 80400, 0, NULL},
	[REDISLOCK_CAP_DELEX]            = {"DELEX", 80400, 0, "delex"},
	[REDISLOCK_CAP_SET_IFEQ]         = {"SET IFEQ", 80400, 80100, NULL},
	[REDISLOCK_CAP_DELIFEQ]          = {"DELIFEQ", 0, 90000, "delifeq"},
};

/* The probe's commands, in the order their replies come: the two CLIENT SETINFO
 * (whose errors, on a server before 7.2 or for a user the ACL denies, are
 * ignored like every reply of the probe), HELLO (the kind and version, without
 * changing the protocol), and COMMAND INFO of the commands the table names. */
enum { PROBE_SETNAME, PROBE_SETVER, PROBE_HELLO, PROBE_COMMANDS, PROBE_REPLIES };

const char *redislock_cap_name(redislock_cap cap)
{
	return cap < REDISLOCK_CAP_COUNT ? caps_table[cap].name : "";
}

const char *redislock_server_kind_name(redislock_server_kind kind)
{
	return kind == REDISLOCK_SERVER_REDIS ? "redis" : kind == REDISLOCK_SERVER_VALKEY ? "valkey" : "unknown";
}

static bool probe_append(redislock_link *l, const redislock_link_options *o)
{
	const char *name_argv[4] = {"CLIENT", "SETINFO", "LIB-NAME", "redislock"};
	size_t name_lens[4] = {6, 7, 8, 9};
	const char *ver_argv[4] = {"CLIENT", "SETINFO", "LIB-VER", o->lib_ver ? o->lib_ver : "0"};
	size_t ver_lens[4] = {6, 7, 7, strlen(ver_argv[3])};
	const char *hello[1] = {"HELLO"};
	size_t hello_lens[1] = {5};
	const char *info[2 + REDISLOCK_CAP_COUNT] = {"COMMAND", "INFO"};
	size_t info_lens[2 + REDISLOCK_CAP_COUNT] = {7, 4};
	int argc = 2;

	for (int i = 0; i < REDISLOCK_CAP_COUNT; i++) {
		if (caps_table[i].command) {
			info[argc] = caps_table[i].command;
			info_lens[argc++] = strlen(caps_table[i].command);
		}
	}
	if (!redislock_resp_append(&l->out, 4, name_argv, name_lens) || !redislock_resp_append(&l->out, 4, ver_argv, ver_lens)
		|| !redislock_resp_append(&l->out, 1, hello, hello_lens) || !redislock_resp_append(&l->out, argc, info, info_lens)) {
		return false;
	}
	return true;
}

/* "8.0.2" -> 80002. */
static unsigned parse_version(const char *s, size_t len)
{
	unsigned part[3] = {0, 0, 0};
	int at = 0;
	for (size_t i = 0; i < len && at < 3; i++) {
		if (s[i] == '.') {
			at++;
		} else if (s[i] >= '0' && s[i] <= '9') {
			part[at] = part[at] * 10 + (unsigned) (s[i] - '0');
		} else {
			break;
		}
	}
	return part[0] * 10000 + (part[1] > 99 ? 99 : part[1]) * 100 + (part[2] > 99 ? 99 : part[2]);
}

/* HELLO's reply (RESP2: a flat array of names and values): server, version. */
static void probe_hello(redislock_server *s, const redisReply *r)
{
	if (r->type != REDIS_REPLY_ARRAY) {
		return;
	}
	for (size_t i = 0; i + 1 < r->elements; i += 2) {
		const redisReply *k = r->element[i], *v = r->element[i + 1];
		if (k->type != REDIS_REPLY_STRING || v->type != REDIS_REPLY_STRING) {
			continue;
		}
		if (k->len == 6 && memcmp(k->str, "server", 6) == 0) {
			s->kind = v->len == 6 && memcmp(v->str, "valkey", 6) == 0 ? REDISLOCK_SERVER_VALKEY : REDISLOCK_SERVER_REDIS;
		} else if (k->len == 7 && memcmp(k->str, "version", 7) == 0) {
			snprintf(s->version_text, sizeof(s->version_text), "%.*s", (int) (v->len < 23 ? v->len : 23), v->str);
			s->version = parse_version(v->str, v->len);
		}
	}
}

/* The capabilities from the version, then those whose command COMMAND INFO did
 * not know (renamed or disabled) taken away. */
static void probe_commands(redislock_server *s, const redisReply *r)
{
	size_t j = 0;
	s->caps = 0;
	for (int i = 0; i < REDISLOCK_CAP_COUNT; i++) {
		unsigned since = s->kind == REDISLOCK_SERVER_VALKEY ? caps_table[i].valkey_since : caps_table[i].redis_since;
		if (s->kind != REDISLOCK_SERVER_UNKNOWN && since > 0 && s->version >= since) {
			s->caps |= 1u << i;
		}
	}
	s->commands_listed = r->type == REDIS_REPLY_ARRAY;
	for (int i = 0; i < REDISLOCK_CAP_COUNT && s->commands_listed; i++) {
		if (!caps_table[i].command) {
			continue;
		}
		if (j >= r->elements || r->element[j]->type != REDIS_REPLY_ARRAY) {
			s->caps &= ~(1u << i);
		}
		j++;
	}
}

/* One reply of the probe, in the order probe_append() sent them. */
static void probe_take(redislock_link *l, const redisReply *r)
{
	int which = PROBE_REPLIES - l->probe_owed;
	l->probe_owed--;
	if (which == PROBE_HELLO) {
		probe_hello(&l->server, r);
	} else if (which == PROBE_COMMANDS) {
		probe_commands(&l->server, r);
	}
}

/* Puts the name of the handshake command before the cause a flush or read left. */
static bool handshake_failed(redislock_link *l, const char *command, redislock_status *st)
{
	char cause[REDISLOCK_STATUS_LEN];
	snprintf(cause, sizeof(cause), "%s", st->message);
	redislock_status_set(st, st->kind, st->sys_errno, st->kind == REDISLOCK_ERR_TIMEOUT ? "%s on %s timed out %s" : "%s on %s failed: %s",
		command, l->endpoint, cause);
	return false;
}

/* AUTH and SELECT, pipelined, and the probe after them: read in the same round
 * trip. Without AUTH or SELECT the probe waits in the write buffer for the first
 * command, and its replies are read ahead of that command's: no round trip of
 * its own. */
static bool handshake(redislock_link *l, const redislock_link_options *o, redislock_status *st)
{
	const char *names[2];
	int n = 0;
	double deadline = redislock_now() + o->read_timeout;

	if (o->password) {
		const char *argv[3] = {"AUTH"};
		size_t lens[3] = {4};
		int argc = 1;
		if (o->user) {
			argv[argc] = o->user;
			lens[argc++] = o->user_len;
		}
		argv[argc] = o->password;
		lens[argc++] = o->password_len;
		if (!redislock_link_append(l, argc, argv, lens)) {
			goto oom;
		}
		names[n++] = "AUTH";
	}
	if (o->database != 0) {
		char db[24];
		const char *argv[2] = {"SELECT", db};
		size_t lens[2] = {6, redislock_resp_decimal(db, o->database)};
		if (!redislock_link_append(l, 2, argv, lens)) {
			goto oom;
		}
		names[n++] = "SELECT";
	}
	if (o->probe && !probe_append(l, o)) {
		goto oom;
	}
	if (n == 0) {
		/* Its replies come first of all: the read takes them ahead of any other. */
		l->probe_owed = o->probe ? PROBE_REPLIES : 0;
		return true;
	}
	if (!redislock_link_flush(l, deadline, st)) {
		return handshake_failed(l, names[0], st);
	}
	for (int i = 0; i < n; i++) {
		redisReply *reply;
		if (!redislock_link_read(l, deadline, &reply, st)) {
			return handshake_failed(l, names[i], st);
		}
		if (reply->type == REDIS_REPLY_ERROR) {
			redislock_status_set(st, REDISLOCK_ERR_SERVER, 0, "%s on %s failed: %.*s", names[i], l->endpoint,
				(int) (reply->len < 256 ? reply->len : 256), reply->str);
			freeReplyObject(reply);
			redislock_link_close(l);
			return false;
		}
		freeReplyObject(reply);
	}
	if (o->probe) {
		/* The probe's replies come after those: the read takes them, and answers
		 * NULL after the last. */
		redisReply *none;
		l->probe_owed = PROBE_REPLIES;
		if (!redislock_link_read(l, deadline, &none, st)) {
			return handshake_failed(l, "the server's probe", st);
		}
	}
	return true;

oom:
	redislock_link_close(l);
	redislock_status_set(st, REDISLOCK_ERR_IO, ENOMEM, "connect to %s failed: out of memory", l->endpoint);
	return false;
}

bool redislock_link_open(redislock_link *l, const redislock_link_options *o, redislock_status *st)
{
	double started = redislock_now(), deadline = started + o->connect_timeout;
	bool connected;

	redislock_link_close(l);
	connected = l->socket_path[0] ? connect_unix(l, o, deadline, st) : connect_tcp(l, o, started, deadline, st);
	if (!connected) {
		return false;
	}
	if (o->tls && !tls_handshake(l, o->tls, o, started, deadline, st)) {
		redislock_link_close(l);
		return false;
	}
	if ((l->reader = redisReaderCreate()) == NULL) {
		redislock_link_close(l);
		redislock_status_set(st, REDISLOCK_ERR_IO, ENOMEM, "connect to %s failed: out of memory", l->endpoint);
		return false;
	}
	l->generation = redislock_fork_generation;
	memset(&l->server, 0, sizeof(l->server));
	return handshake(l, o, st);
}

/* Checked before a command goes out on a link that was idle: the server may have
 * closed it meanwhile (CLIENT KILL, its idle timeout, a restart). Finding out now
 * lets the call reconnect; finding out after sending would leave it unknown
 * whether the command ran. Unasked-for bytes on a plain link mean it is not in a
 * state to trust either. Over TLS such bytes are normal (session tickets), so
 * only a closed socket counts. One non-blocking system call. */
bool redislock_link_usable(redislock_link *l)
{
	char byte;
	ssize_t n;

	if (l->fd < 0) {
		return false;
	}
	if (l->generation != redislock_fork_generation) {
		/* A forked child never speaks on its parent's socket: both would read each
		 * other's replies. It lets go of its copy and connects anew. */
		redislock_link_close(l);
		return false;
	}
	if (l->pending > 0) {
		return true;
	}
	n = recv(l->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
	if (n == 0 || (n > 0 && !l->tls) || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
		redislock_link_close(l);
		return false;
	}
	return true;
}

/* ---- commands ------------------------------------------------------------------- */

/* The largest write buffer a link keeps between commands. */
#define REDISLOCK_LINK_KEEP_BUFFER (64 * 1024)

/* A link whose pipeline could not be queued whole owes replies to commands it
 * will never send: it is closed, so no later call can take it as it is. */
bool redislock_link_append(redislock_link *l, int argc, const char *const *argv, const size_t *lens)
{
	if (!redislock_resp_append(&l->out, argc, argv, lens)) {
		redislock_link_close(l);
		return false;
	}
	l->pending++;
	return true;
}

bool redislock_link_append_raw(redislock_link *l, const char *commands, size_t len, int count)
{
	if (!redislock_buf_append(&l->out, commands, len)) {
		redislock_link_close(l);
		return false;
	}
	l->pending += count;
	return true;
}

/* Closes the link and records why, for a call that was under way. */
static bool link_failed(redislock_link *l, redislock_status *st, redislock_error kind, int sys_errno, const char *cause)
{
	redislock_status_set(st, kind, sys_errno, "%s", cause);
	redislock_link_close(l);
	return false;
}

/* One write of up to len bytes: > 0 written, 0 would block (*want: the poll
 * event to wait for), -1 failed with the cause in st (the link is closed). */
static ssize_t write_some(redislock_link *l, const char *data, size_t len, short *want, redislock_status *st)
{
	if (l->ssl) {
		char reason[256];
		int n;
		/* SSL_get_error() reads the thread's error queue first: a stale entry left by
		 * any other OpenSSL user would turn a plain WANT_* into a failure. */
		ERR_clear_error();
		n = SSL_write(l->ssl, data, (int) (len > INT32_MAX ? INT32_MAX : len));
		if (n > 0) {
			return n;
		}
		switch (SSL_get_error(l->ssl, n)) {
			case SSL_ERROR_WANT_WRITE: *want = POLLOUT; return 0;
			case SSL_ERROR_WANT_READ: *want = POLLIN; return 0;
			default:
				link_failed(l, st, REDISLOCK_ERR_IO, errno, openssl_reason(reason, sizeof(reason), "connection closed by the server"));
				return -1;
		}
	}
	{
		ssize_t n = send(l->fd, data, len, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n >= 0) {
			return n;
		}
		if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
			*want = POLLOUT;
			return 0;
		}
		link_failed(l, st, REDISLOCK_ERR_IO, errno, errno == EPIPE || errno == ECONNRESET ? "connection closed by the server" : strerror(errno));
		return -1;
	}
}

bool redislock_link_flush(redislock_link *l, double deadline, redislock_status *st)
{
	if (l->fd < 0) {
		return link_failed(l, st, REDISLOCK_ERR_IO, 0, "the connection was closed");
	}
	while (l->out_sent < l->out.len) {
		short want = 0;
		ssize_t n = write_some(l, l->out.data + l->out_sent, l->out.len - l->out_sent, &want, st);
		int ready;
		if (n < 0) {
			return false;
		}
		if (n > 0) {
			l->out_sent += (size_t) n;
			l->written += (uint64_t) n;
			continue;
		}
		if ((ready = wait_fd(l->fd, want, deadline, NULL)) == 0) {
			return link_failed(l, st, REDISLOCK_ERR_TIMEOUT, ETIMEDOUT, "sending the command");
		}
		if (ready < 0) {
			return link_failed(l, st, REDISLOCK_ERR_IO, errno, strerror(errno));
		}
	}
	l->out.len = 0;
	l->out_sent = 0;
	if (l->out.cap > REDISLOCK_LINK_KEEP_BUFFER) {
		/* A persistent link lives for the process: one large enqueue must not
		 * keep its buffer for good. */
		redislock_buf_free(&l->out);
	}
	return true;
}

/* One read into buf: > 0 bytes, 0 would block (*want: the event to wait for),
 * -1 failed with the cause in st (the link is closed). */
static ssize_t read_some(redislock_link *l, char *buf, size_t size, short *want, redislock_status *st)
{
	if (l->ssl) {
		char reason[256];
		int n;
		ERR_clear_error();
		n = SSL_read(l->ssl, buf, (int) size);
		if (n > 0) {
			return n;
		}
		switch (SSL_get_error(l->ssl, n)) {
			case SSL_ERROR_WANT_READ: *want = POLLIN; return 0;
			case SSL_ERROR_WANT_WRITE: *want = POLLOUT; return 0;
			case SSL_ERROR_ZERO_RETURN:
				link_failed(l, st, REDISLOCK_ERR_IO, 0, "connection closed by the server");
				return -1;
			default:
				link_failed(l, st, REDISLOCK_ERR_IO, errno,
					openssl_reason(reason, sizeof(reason), errno ? strerror(errno) : "connection closed by the server"));
				return -1;
		}
	}
	{
		ssize_t n = recv(l->fd, buf, size, MSG_DONTWAIT);
		if (n > 0) {
			return n;
		}
		if (n == 0) {
			link_failed(l, st, REDISLOCK_ERR_IO, 0, "connection closed by the server");
			return -1;
		}
		if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
			*want = POLLIN;
			return 0;
		}
		link_failed(l, st, REDISLOCK_ERR_IO, errno, strerror(errno));
		return -1;
	}
}

bool redislock_link_read(redislock_link *l, double deadline, redisReply **reply, redislock_status *st)
{
	char buf[16384];
	/* A reply is rarely there the moment the command is out: wait first (poll, then
	 * one read), unless TLS already holds decrypted bytes. */
	short want = POLLIN;
	bool wait_first = !(l->ssl && SSL_pending(l->ssl) > 0);

	if (l->fd < 0) {
		return link_failed(l, st, REDISLOCK_ERR_IO, 0, "the connection was closed");
	}
	for (;;) {
		void *r = NULL;
		ssize_t n;

		if (redisReaderGetReply(l->reader, &r) != REDIS_OK) {
			char cause[160];
			snprintf(cause, sizeof(cause), "protocol error: %s", l->reader->errstr);
			return link_failed(l, st, REDISLOCK_ERR_PROTOCOL, 0, cause);
		}
		if (r && l->probe_owed > 0) {
			probe_take(l, r);
			freeReplyObject(r);
			if (l->probe_owed == 0 && l->pending == 0 && l->out.len == 0) {
				/* The handshake's own wait for the probe: done. */
				*reply = NULL;
				return true;
			}
			continue;
		}
		if (r) {
			l->pending--;
			*reply = r;
			return true;
		}
		if (wait_first) {
			int ready = wait_fd(l->fd, want, deadline, l->interrupt);
			if (ready == 0) {
				return link_failed(l, st, REDISLOCK_ERR_TIMEOUT, ETIMEDOUT, "waiting for the reply");
			}
			if (ready == -2) {
				return link_failed(l, st, REDISLOCK_ERR_INTERRUPTED, EINTR, "interrupted by a signal");
			}
			if (ready < 0) {
				return link_failed(l, st, REDISLOCK_ERR_IO, errno, strerror(errno));
			}
		}
		n = read_some(l, buf, sizeof(buf), &want, st);
		if (n < 0) {
			return false;
		}
		if (n > 0 && redisReaderFeed(l->reader, buf, (size_t) n) != REDIS_OK) {
			return link_failed(l, st, REDISLOCK_ERR_IO, ENOMEM, "out of memory reading the reply");
		}
		/* After a full buffer more may be waiting already: read again before polling. */
		wait_first = n < (ssize_t) sizeof(buf) && !(l->ssl && SSL_pending(l->ssl) > 0);
	}
}
