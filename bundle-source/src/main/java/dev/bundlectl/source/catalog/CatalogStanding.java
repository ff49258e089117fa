package dev.bundlectl.source.catalog;

import dev.bundlectl.bundle.version.VersionConstraint;
import dev.bundlectl.source.errors.CatalogException;
import java.util.List;
import java.util.Objects;

/**
 * Where an installed package stands on a catalog's channel (docs/semantics.md §9): up to date, an
 * upgrade the channel reaches (with its path, one hop at a time, as {@link ChannelWalk} takes it),
 * a newest version the channel does not reach from the installed one, or no answer (the package is
 * not in the catalog, or its channel has no single head). Nothing is pulled: only the catalog's
 * channel entries and bundle versions are read.
 */
public sealed interface CatalogStanding permits CatalogStanding.NotInCatalog, CatalogStanding.Unresolved,
        CatalogStanding.UpToDate, CatalogStanding.UpgradeAvailable, CatalogStanding.Unreachable {

    /**
     * The channel looked at, its newest version and the version aimed at.
     *
     * @param channel the channel's name
     * @param latest the channel head
     * @param target the newest version in the range, the head when no range is given
     * @param outOfRange why the head is not the target (outside the range), or null when it is
     */
    record Channel(String channel, CatalogBundle latest, CatalogBundle target, String outOfRange) {
        public Channel {
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(latest, "latest");
            Objects.requireNonNull(target, "target");
        }
    }

    /**
     * The catalog has no such package.
     *
     * @param reason one line saying so
     */
    record NotInCatalog(String reason) implements CatalogStanding {
        public NotInCatalog {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The package is in the catalog, but no version can be aimed at: no default channel, no single
     * head, or no version in the range.
     *
     * @param channel the channel, or null when none could be chosen
     * @param reason one line saying why
     */
    record Unresolved(String channel, String reason) implements CatalogStanding {
        public Unresolved {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The installed version is the target (or newer than it).
     *
     * @param channel the channel looked at
     * @param note why a newer installed version is not called an upgrade, or null
     */
    record UpToDate(Channel channel, String note) implements CatalogStanding {
        public UpToDate {
            Objects.requireNonNull(channel, "channel");
        }
    }

    /**
     * The channel leads from the installed version to the target.
     *
     * @param channel the channel looked at
     * @param path the bundles to install in turn, the target last
     */
    record UpgradeAvailable(Channel channel, List<CatalogBundle> path) implements CatalogStanding {
        public UpgradeAvailable {
            Objects.requireNonNull(channel, "channel");
            path = List.copyOf(path);
        }
    }

    /**
     * The channel does not lead from the installed version to the target.
     *
     * @param channel the channel looked at
     * @param reason one line naming both versions and the missing edge
     */
    record Unreachable(Channel channel, String reason) implements CatalogStanding {
        public Unreachable {
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * Where {@code installedCsv} of {@code packageName} stands on the package's default channel in
     * {@code catalog}.
     *
     * @param installedCsv the installed CSV's name
     * @param installedVersion its version as recorded, or null
     * @param range the versions that may be aimed at (the newest of them is the target), or null
     *     for any (the target is the head)
     * @param rangeName what the front end calls the range setting, for messages
     */
    static CatalogStanding of(Catalog catalog, String packageName, String installedCsv, String installedVersion,
            VersionConstraint range, String rangeName) {
        Objects.requireNonNull(installedCsv, "installedCsv");
        if (!catalog.packages().containsKey(packageName)) {
            return new NotInCatalog("package " + packageName + " is not in the catalog");
        }
        CatalogSelection.Chosen head;
        try {
            head = CatalogSelection.choose(catalog, packageName, null, null);
        } catch (CatalogException e) {
            return new Unresolved(catalog.packages().get(packageName).defaultChannel(), e.getMessage());
        }
        CatalogBundle target = head.bundle();
        String outOfRange = null;
        if (range != null && (head.bundle().version() == null || !range.contains(head.bundle().version()))) {
            try {
                target = CatalogSelection.chooseInRange(catalog, ChoiceNames.FLAGS, packageName, head.channel(), range,
                        rangeName).bundle();
            } catch (CatalogException e) {
                return new Unresolved(head.channel(), e.getMessage());
            }
            outOfRange = head.bundle().versionText() + ", the newest in channel " + head.channel() + ", is outside "
                    + rangeName + " " + range + "; " + target.versionText() + " is the newest inside it";
        }
        Channel channel = new Channel(head.channel(), head.bundle(), target, outOfRange);
        ChannelWalk walk = ChannelWalk.of(catalog, head.channel(), target, installedCsv, installedVersion, false);
        if (walk instanceof ChannelWalk.Hops hops) {
            return new UpgradeAvailable(channel, hops.hops());
        }
        if (walk instanceof ChannelWalk.Unreachable unreachable) {
            return new Unreachable(channel, unreachable.reason());
        }
        // As chosen: the target is installed, or lower than what is installed (never a downgrade).
        return new UpToDate(channel, installedCsv.equals(target.name()) ? null
                : "the installed " + (installedVersion == null ? installedCsv : installedVersion) + " is not lower than "
                        + target.versionText() + ", the " + (outOfRange == null ? "newest in channel " + head.channel()
                                : "newest inside " + rangeName + " " + range));
    }
}
