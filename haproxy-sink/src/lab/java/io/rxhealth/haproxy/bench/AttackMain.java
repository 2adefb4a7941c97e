package io.rxhealth.haproxy.bench;

import io.rxhealth.haproxy.AttackMix;
import java.net.InetSocketAddress;

/**
 * The hostile mix of {@link AttackMix} in a JVM of its own, so that it can be placed apart from
 * the measuring clients ({@code taskset}, {@code nice}). Arguments: {@code host:port seconds
 * [full|reduced]}; prints what it opened when done.
 */
public final class AttackMain {
    private AttackMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            throw new IllegalArgumentException("arguments: " + String.join(" ", args)
                    + " (expected: host:port seconds [full|reduced])");
        }
        int colon = args[0].lastIndexOf(':');
        var target = new InetSocketAddress(args[0].substring(0, colon), Integer.parseInt(args[0].substring(colon + 1)));
        long seconds = Long.parseLong(args[1]);
        var plan = args.length > 2 && args[2].equals("reduced") ? AttackMix.Plan.reduced() : AttackMix.Plan.full();
        var attack = AttackMix.start(target, plan);
        Thread.sleep(seconds * 1000);
        attack.close();
        System.out.println(attack.counts());
    }
}
