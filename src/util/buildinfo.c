/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buildinfo.c - build facts for --version. Optional libraries change where
 * figures come from, so two builds of one version can disagree; --version
 * says which build this is. */
#include "config.h"
#include "util/buildinfo.h"
#include "util/catalogs.h"

#include "i18n.h"
#include "util/checksum.h"

const char *buildinfo_counters(void)
{
#ifdef HAVE_LIBPROC2
	return "libproc2 " LIBPROC2_VERSION;
#else
	return _("built-in /proc parsers");
#endif
}

void buildinfo_print(FILE *f)
{
	/* TRANSLATORS: --version's line naming where CPU and disk counters
	 * are read from (libproc2 or blktop's own /proc parsers). */
	fprintf(f, _("counters: %s\n"), buildinfo_counters());
	/* TRANSLATORS: --version's line naming what reads the mount table
	 * (libmount, or blktop's own parser of /proc/self/mountinfo). */
#ifdef HAVE_LIBMOUNT
	fprintf(f, _("mount table: %s\n"), "libmount");
#else
	fprintf(f, _("mount table: %s\n"), _("built-in mountinfo parser"));
#endif
	/* TRANSLATORS: --version's line saying whether blktop was linked
	 * statically (one file that needs no shared libraries) or not. */
#ifdef BLKTOP_STATIC
	fprintf(f, _("linked: %s\n"), _("static, needs no shared libraries"));
#else
	fprintf(f, _("linked: %s\n"), _("dynamic"));
#endif
	/* TRANSLATORS: --version's line listing the libraries blktop was
	 * built with and their versions. */
	fprintf(f, _("libraries: %s\n"), BLKTOP_LIBRARIES);
	/* TRANSLATORS: --version's line naming the folder the message
	 * catalogs are read from (beside the binary, or where installed). */
	if (catalogs_chosen())
		fprintf(f, _("catalogs: %s\n"), catalogs_chosen());
	/* TRANSLATORS: --version's line saying whether numa_cpu_nodes and
	 * numa_mem_policy run (built with libnuma) or are refused. */
#ifdef HAVE_LIBNUMA
	fprintf(f, _("numa: %s\n"), _("libnuma (numa_cpu_nodes, numa_mem_policy)"));
#else
	fprintf(f, _("numa: %s\n"), _("not built (numa_cpu_nodes and numa_mem_policy are refused)"));
#endif
	char sums[256];
	cksum_sources(sums, sizeof(sums));
	/* TRANSLATORS: --version's line listing the verify= types this build
	 * computes, with the libraries that compute them. */
	fprintf(f, _("verify: %s\n"), sums);
}
