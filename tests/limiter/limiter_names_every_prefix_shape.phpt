--TEST--
RedisRateLimiter::names() lists exactly the names with a state under every prefix shape, and not another class's keys
--FILE--
<?php
require __DIR__ . '/../harness/names_test.inc';
require_once __DIR__ . '/../harness/limiter_test.inc';
foreach (nm_prefix_shapes() as $prefix) {
    $l = lim_new(['prefix' => $prefix]);
    $sem = new RedisSemaphore(rl_options(['prefix' => 'Sem' . $prefix]));
    $sem->acquire('other', 2);
    $l->consume('api', 5, 10);
    $l->consume('{k}braced', 5, 10, 1, 'sliding_window');
    $l->peek('peeked', 5, 10);
    $names = nm_all_names($l);
    echo lim_yes($names === ['api', '{k}braced'], [$prefix, $names]), "\n";
    $l->reset('api');
    $l->reset('{k}braced');
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
