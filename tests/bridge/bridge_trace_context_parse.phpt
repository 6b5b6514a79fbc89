--TEST--
TraceContext::parse() takes a W3C traceparent (and tracestate) or gives null: versions, lengths, case, zero ids, flags, bytes and types, as the adapters read them from headers and payloads
--FILE--
<?php
require __DIR__ . '/../../bridge/autoload.php';

use RedisLock\Bridge\TraceContext;

$tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
$cases = [
    'valid' => [$tp, 'congo=t61rcWkgMzE,rojo=00f067aa0ba902b7'],
    'not sampled' => ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00', null],
    'version 01, more fields' => ['01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-what-comes-next', null],
    'version 00, more fields' => [$tp . '-x', null],
    'version ff' => ['ff' . substr($tp, 2), null],
    'upper case' => [strtoupper($tp), null],
    'trace id zero' => ['00-' . str_repeat('0', 32) . '-00f067aa0ba902b7-01', null],
    'parent id zero' => ['00-4bf92f3577b34da6a3ce929d0e0e4736-' . str_repeat('0', 16) . '-01', null],
    'short' => [substr($tp, 0, 54), null],
    'NUL inside' => [substr($tp, 0, 10) . "\0" . substr($tp, 11), null],
    'newline after' => [$tp . "\n", null],
    '1 MiB' => [$tp . '-' . str_repeat('a', 1 << 20), null],
    'an int' => [42, null],
    'an array' => [[$tp], null],
    'null' => [null, null],
    'state with a newline' => [$tp, "a=b\nc=d"],
    'state of 512 bytes' => [$tp, str_repeat('s', 512)],
    'state of 513 bytes' => [$tp, str_repeat('s', 513)],
    'state not a string' => [$tp, ['a=b']],
];
foreach ($cases as $label => [$parent, $state]) {
    $c = TraceContext::parse($parent, $state);
    echo str_pad($label, 24), ': ', $c === null ? 'null' : sprintf('%s %s %s %s %s', $c->traceId(), $c->parentId(),
        $c->sampled() ? 'sampled' : 'not-sampled', $c->tracestate === null ? 'no-state' : strlen($c->tracestate) . '-byte-state',
        json_encode(array_keys($c->toArray()))), "\n";
}
// The current one: set() over the resolver; a resolver that throws or answers junk is none.
TraceContext::resolveWith(fn () => TraceContext::parse($tp));
echo 'resolved: ', TraceContext::current()?->parentId(), "\n";
$before = TraceContext::set(TraceContext::parse('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'));
echo 'set: ', TraceContext::current()?->parentId(), ', before: ', var_export($before, true), "\n";
TraceContext::set(null);
TraceContext::resolveWith(fn () => throw new RuntimeException('no request'));
echo 'throwing resolver: ', var_export(TraceContext::current(), true), "\n";
TraceContext::resolveWith(fn () => 'junk');
echo 'junk resolver: ', var_export(TraceContext::current(), true), "\n";
TraceContext::resolveWith(null);
echo 'none: ', var_export(TraceContext::current(), true), "\n";
?>
--EXPECT--
valid                   : 4bf92f3577b34da6a3ce929d0e0e4736 00f067aa0ba902b7 sampled 39-byte-state ["traceparent","tracestate"]
not sampled             : 4bf92f3577b34da6a3ce929d0e0e4736 00f067aa0ba902b7 not-sampled no-state ["traceparent"]
version 01, more fields : 4bf92f3577b34da6a3ce929d0e0e4736 00f067aa0ba902b7 sampled no-state ["traceparent"]
version 00, more fields : null
version ff              : null
upper case              : null
trace id zero           : null
parent id zero          : null
short                   : null
NUL inside              : null
newline after           : null
1 MiB                   : null
an int                  : null
an array                : null
null                    : null
state with a newline    : 4bf92f3577b34da6a3ce929d0e0e4736 00f067aa0ba902b7 sampled no-state ["traceparent"]
state of 512 bytes      : 4bf92f3577b34da6a3ce929d0e0e4736 00f067aa0ba902b7 sampled 512-byte-state ["traceparent","tracestate"]
state of 513 bytes      : 4bf92f3577b34da6a3ce929d0e0e4736 00f067aa0ba902b7 sampled no-state ["traceparent"]
state not a string      : 4bf92f3577b34da6a3ce929d0e0e4736 00f067aa0ba902b7 sampled no-state ["traceparent"]
resolved: 00f067aa0ba902b7
set: b7ad6b7169203331, before: NULL
throwing resolver: NULL
junk resolver: NULL
none: NULL
