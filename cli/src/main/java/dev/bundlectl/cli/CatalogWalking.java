package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.source.catalog.ChannelWalk;
import java.util.Optional;

/**
 * {@code --catalog} over an installed package, for {@code install} and {@code plan} alike: the walk
 * from the installed version to the catalog's choice along its channel ({@link ChannelWalk},
 * docs/semantics.md §9), read from the package's latest install record, and the line that shows it.
 */
final class CatalogWalking {

    private CatalogWalking() {
    }

    /**
     * The walk to {@code chain}'s chosen bundle in {@code namespace}.
     *
     * @throws UserInputException when the channel does not reach it and {@code force} is not set
     */
    static ChannelWalk of(ClusterConnection connection, CatalogChain chain, String namespace, boolean force) {
        Optional<InstallRecord> latest = Blocking.result(new InstallRecordStore(connection.retryingApi())
                .latestFor(namespace, chain.root().packageName()));
        ChannelWalk walk = ChannelWalk.of(chain.catalog(), chain.channel(), chain.root(),
                latest.map(InstallRecord::csvName).orElse(null), latest.map(InstallRecord::csvVersion).orElse(null),
                force);
        if (walk instanceof ChannelWalk.Unreachable unreachable) {
            throw new UserInputException(unreachable.reason() + "; nothing was applied (--force installs it anyway)");
        }
        return walk;
    }

    /** {@code upgrading P in namespace N along channel C: 0.3.0 -> 0.3.1 -> 0.4.0 (2 hops, …)}. */
    static String line(CatalogChain chain, String namespace, ChannelWalk.Hops hops) {
        return "upgrading " + chain.root().packageName() + " in namespace " + namespace + " along channel "
                + chain.channel() + ": " + hops.line() + " (" + hops.hops().size() + " hops, each running before the "
                + "next starts)";
    }
}
