package io.rxhealth.haproxy;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.DuplexChannel;

/** An {@link EmbeddedChannel} that can end its output, as a TCP socket does with a FIN. */
final class HalfClosableEmbeddedChannel extends EmbeddedChannel implements DuplexChannel {
    private boolean inputShutdown;
    private boolean outputShutdown;

    HalfClosableEmbeddedChannel(ChannelHandler... handlers) {
        super(false, false, handlers);
        try {
            // Registered only now: the fields above must exist before channelActive runs.
            register();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public boolean isInputShutdown() {
        return inputShutdown;
    }

    @Override
    public ChannelFuture shutdownInput() {
        return shutdownInput(newPromise());
    }

    @Override
    public ChannelFuture shutdownInput(ChannelPromise promise) {
        inputShutdown = true;
        return promise.setSuccess();
    }

    @Override
    public boolean isOutputShutdown() {
        return outputShutdown;
    }

    @Override
    public ChannelFuture shutdownOutput() {
        return shutdownOutput(newPromise());
    }

    @Override
    public ChannelFuture shutdownOutput(ChannelPromise promise) {
        outputShutdown = true;
        return promise.setSuccess();
    }

    @Override
    public boolean isShutdown() {
        return inputShutdown && outputShutdown;
    }

    @Override
    public ChannelFuture shutdown() {
        return shutdown(newPromise());
    }

    @Override
    public ChannelFuture shutdown(ChannelPromise promise) {
        inputShutdown = true;
        outputShutdown = true;
        return promise.setSuccess();
    }
}
