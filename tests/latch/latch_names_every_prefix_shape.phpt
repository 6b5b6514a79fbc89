--TEST--
RedisLatch::names() lists every latch under every prefix shape once, counting or open, whatever its name's bytes, and not another class's keys
--DESCRIPTION--
Under each prefix shape (names_test.inc): a latch still counting, one set at 0,
one opened by countDown() (both open: a count key and an open mark each), one
with a hash tag, braces and a NUL byte in its name. names() walked to its end
(pages of 7) lists exactly those four names, each once. A semaphore under a
similar prefix and a latch under another prefix are not listed.
--FILE--
<?php
require __DIR__ . '/../harness/names_test.inc';
require_once __DIR__ . '/../harness/latch_test.inc';
$raw = new RawRedis();
foreach (nm_prefix_shapes() as $prefix) {
    $l = la_new(['prefix' => $prefix]);
    $other = la_new(['prefix' => "Other$prefix"]);
    $sem = new RedisSemaphore(rl_options(['prefix' => 'Sem' . $prefix]));
    $sem->acquire('other', 2);
    $other->set('elsewhere', 1, 60);
    $l->set('counting', 3, 60);
    $l->set('zero', 0, 60);
    $l->set('opened', 1, 60);
    $l->countDown('opened');
    $l->set("{k}odd\0}{", 2, 60);
    $l->countDown("{k}odd\0}{", 2);
    $names = nm_all_names($l);
    $want = ['counting', 'opened', 'zero', "{k}odd\0}{"];
    sort($want, SORT_STRING);
    echo la_yes($names === $want, $prefix . ' lists ' . implode(', ', array_map(fn ($n) => '"' . addcslashes($n, "\0..\37\177..\377") . '"', $names))), "\n";
    foreach (la_keys($raw, substr($prefix, 1, 7)) as $k) {
        $raw->call('DEL', $k);
    }
}
?>
--EXPECT--
yes
yes
yes
yes
yes
yes
yes
