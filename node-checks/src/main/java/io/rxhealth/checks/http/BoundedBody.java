package io.rxhealth.checks.http;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Keeps the first {@code limit} bytes of a response body as UTF-8 text and cancels the rest, so
 * that a health endpoint answering with a huge body costs bounded memory and time.
 */
final class BoundedBody implements HttpResponse.BodySubscriber<String> {
    private final int limit;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<String> body = new CompletableFuture<>();
    private Flow.Subscription subscription;

    BoundedBody(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit: " + limit + " (expected: >= 0)");
        }
        this.limit = limit;
    }

    static HttpResponse.BodyHandler<String> handler(int limit) {
        return info -> new BoundedBody(limit);
    }

    @Override
    public CompletionStage<String> getBody() {
        return body;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        this.subscription = s;
        if (limit == 0) {
            s.cancel();
            finish();
        } else {
            s.request(1);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        for (ByteBuffer buffer : buffers) {
            int take = Math.min(buffer.remaining(), limit - bytes.size());
            byte[] chunk = new byte[take];
            buffer.get(chunk);
            bytes.write(chunk, 0, take);
        }
        if (bytes.size() >= limit) {
            subscription.cancel();
            finish();
        } else {
            subscription.request(1);
        }
    }

    @Override
    public void onError(Throwable error) {
        body.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
        finish();
    }

    // Completing twice is harmless: after a cancel the publisher may still signal completion.
    private void finish() {
        body.complete(bytes.toString(UTF_8));
    }
}
