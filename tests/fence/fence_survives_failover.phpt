--TEST--
RedisLock: fencing numbers keep growing across a failover that lost the counter's last write (a replica promoted before it got it)
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$master = new FaultServer();
$replica = new FaultServer(['--replicaof', '127.0.0.1', (string) $master->port, '--repl-diskless-sync-delay', '0']);
$name = rl_name();
for ($i = 0; $i < 250 && !str_contains($replica->raw()->call('INFO', 'replication'), 'master_link_status:up'); $i++) {
    usleep(20000);
}
$old = new RedisLock($master->options());
var_dump($old->lock($name));
$first = $old->fencingToken($name);
var_dump($old->unlock($name));
/* The replica has everything so far... */
var_dump($master->raw()->call('WAIT', '1', '5000'));
/* ...then replication breaks and the replica is promoted: what the master does
 * next never reaches it. */
var_dump($replica->raw()->call('REPLICAOF', 'NO', 'ONE'));
var_dump($old->lock($name));
$lost = $old->fencingToken($name);
$new = new RedisLock($replica->options());
var_dump($new->lock($name, 0, 5));
$after = $new->fencingToken($name);
var_dump($lost > $first, $after > $lost);
?>
--EXPECT--
bool(true)
bool(true)
int(1)
string(2) "OK"
bool(true)
bool(true)
bool(true)
bool(true)
