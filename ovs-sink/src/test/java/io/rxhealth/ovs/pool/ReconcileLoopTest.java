package io.rxhealth.ovs.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** When the loop applies: a change at once, the changes that arrive meanwhile all together right after. */
@Timeout(30)
class ReconcileLoopTest {
    /** Counts reconciles; the first one waits until released, as a slow apply would. */
    private static final class SlowFirstApply implements Reconciler {
        final CountDownLatch firstBegan = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger reconciles = new AtomicInteger();

        @Override
        public boolean reconcile(boolean force) {
            if (reconciles.incrementAndGet() == 1) {
                firstBegan.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return true;
        }

        @Override
        public boolean verify() {
            return false;
        }
    }

    @Test
    void changesDuringAnApplyAreAppliedByOneMoreApplyRightAfterIt() throws Exception {
        SlowFirstApply controller = new SlowFirstApply();
        try (ReconcileLoop loop = new ReconcileLoop(controller, Duration.ofHours(1), Duration.ofHours(1))) {
            loop.start();
            loop.request();
            assertThat(controller.firstBegan.await(10, TimeUnit.SECONDS)).isTrue();
            for (int i = 0; i < 100; i++) {
                loop.request();
            }
            controller.release.countDown();
            // Runs after everything queued before it on the loop's one thread.
            loop.reconcileNow(false);

            assertThat(controller.reconciles).hasValue(3);
        }
    }

    @Test
    void changesBeforeTheFirstReconcileAreNotAppliedOneByOne() throws Exception {
        SlowFirstApply controller = new SlowFirstApply();
        controller.release.countDown();
        try (ReconcileLoop loop = new ReconcileLoop(controller, Duration.ofHours(1), Duration.ofHours(1))) {
            for (int i = 0; i < 10; i++) {
                loop.request();
            }
            loop.reconcileNow(false);
            loop.request();
            loop.reconcileNow(false);

            assertThat(controller.reconciles).hasValue(3);
        }
    }
}
