/* chunkctl cref: count the cross-chunk references an ext2/3/4 file system would have as a
 * chunkfs, and estimate what checking one chunk plus its references would cost. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "chunkctl/chunkctl.h"
#include "chunkctl/cref-volume.h"
#include "libcref/cref.h"
#include "libchunk/base/json-text.h"
#include "libchunk/base/macro.h"

#define MAX_SWEEP 64

static void cref_help(void)
{
	printf("Usage: chunkctl cref [OPTIONS] DEVICE|IMAGE\n"
	       "       chunkctl -V VOL cref [--json]\n\n"
	       "Count the cross-chunk references of an ext2/3/4 file system cut into chunks of\n"
	       "whole block groups, and estimate the time to check one chunk and its references.\n"
	       "Read-only; a mounted file system is read with a warning.\n\n"
	       "  --chunk-size SIZE     chunk size (default 1G; rounded down to whole groups, at least one)\n"
	       "  --sweep SIZE,SIZE...  one row per chunk size (e.g. 128M,1G,4G)\n"
	       "  --rule all|data-only  what an intra-file reference is (default all; see docs/CREF.md)\n"
	       "  --model NAME          hdd-2007, hdd-2013 or ssd (default: all three)\n"
	       "  --seek-ms MS          a disk of your own: average seek time\n"
	       "  --rotation-rpm RPM    ... its spindle speed (0: no rotational latency)\n"
	       "  --bandwidth MB/S      ... its sequential bandwidth (default 70)\n"
	       "  --adjacency           list the references of every chunk pair\n"
	       "  --json                machine-readable output (with --sweep, an array)\n"
	       "  --progress/--no-progress  progress on stderr (default: when stderr is a terminal)\n"
	       "  -V, --volume VOL      a chunkfs volume's actual references, checked against its index\n"
	       "                        (the same as chunkctl -V VOL cref)\n");
}

/* One line, "key": value (a sweep: an array of reports); takes O. */
static int print_json(struct json_object *o)
{
	int r = json_print(stdout, o, JSON_C_TO_STRING_SPACED);

	json_object_put(o);
	return r;
}

static int parse_sweep(const char *arg, uint64_t *sizes, size_t *n)
{
	_cleanup_free_ char *copy = strdup(arg);
	char *save = NULL;

	if (!copy)
		return -ENOMEM;
	*n = 0;
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		unsigned long long v;

		if (*n >= MAX_SWEEP || ctl_parse_size(tok, &v) < 0 || v == 0)
			return -EINVAL;
		sizes[(*n)++] = v;
	}
	return *n ? 0 : -EINVAL;
}

static int parse_double(const char *s, double *ret)
{
	char *end;

	errno = 0;
	*ret = strtod(s, &end);
	return errno || end == s || *end || *ret < 0 ? -EINVAL : 0;
}

int cmd_cref(const struct ctl *ctl, int argc, char **argv)
{
	enum { OPT_SWEEP = 0x100, OPT_RULE, OPT_MODEL, OPT_SEEK, OPT_RPM, OPT_BW, OPT_ADJ, OPT_JSON,
	       OPT_PROGRESS, OPT_NO_PROGRESS, OPT_CHUNK };
	static const struct option opts[] = {
		{ "chunk-size", required_argument, NULL, OPT_CHUNK },
		{ "sweep", required_argument, NULL, OPT_SWEEP },
		{ "rule", required_argument, NULL, OPT_RULE },
		{ "model", required_argument, NULL, OPT_MODEL },
		{ "seek-ms", required_argument, NULL, OPT_SEEK },
		{ "rotation-rpm", required_argument, NULL, OPT_RPM },
		{ "bandwidth", required_argument, NULL, OPT_BW },
		{ "adjacency", no_argument, NULL, OPT_ADJ },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "progress", no_argument, NULL, OPT_PROGRESS },
		{ "no-progress", no_argument, NULL, OPT_NO_PROGRESS },
		{ "volume", required_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	uint64_t sizes[MAX_SWEEP] = { 1ULL << 30 };
	struct cref_options o = { .chunk_bytes = sizes, .n_chunk_bytes = 1, .rule = CREF_RULE_ALL,
				  .progress = ctl_progress_enabled() };
	struct cref_model models[4], custom = { .name = "custom", .bandwidth_mb_s = 70 };
	struct cref_report rep = { .models = models, .max_peers = 16 };
	struct cref_stats st;
	_cleanup_free_ struct cref_counter *cs = NULL;
	bool json = false, sweep = false, have_custom = false, chunk_given = false;
	const char *model = NULL, *volume = NULL;
	int c, r;

	while ((c = getopt_long(argc, argv, "hV:", opts, NULL)) >= 0) {
		switch (c) {
		case 'h':
			cref_help();
			return EXIT_OK;
		case OPT_CHUNK: {
			unsigned long long v;
			if (ctl_parse_size(optarg, &v) < 0 || v == 0)
				return ctl_usage_error(argv[0], "--chunk-size: '%s' is not a size", optarg);
			sizes[0] = v;
			chunk_given = true;
			break;
		}
		case OPT_SWEEP:
			if (parse_sweep(optarg, sizes, &o.n_chunk_bytes) < 0)
				return ctl_usage_error(argv[0], "--sweep: '%s' is not a list of up to %d sizes",
						       optarg, MAX_SWEEP);
			sweep = true;
			break;
		case OPT_RULE:
			if (cref_rule_from_string(optarg, &o.rule) < 0)
				return ctl_usage_error(argv[0], "--rule: '%s' is neither 'all' nor 'data-only'", optarg);
			break;
		case OPT_MODEL:
			if (cref_model_lookup(optarg, &models[0]) < 0)
				return ctl_usage_error(argv[0], "--model: unknown model '%s' (hdd-2007, hdd-2013, ssd)",
						       optarg);
			model = optarg;
			break;
		case OPT_SEEK:
		case OPT_RPM:
		case OPT_BW: {
			double v;
			if (parse_double(optarg, &v) < 0 || (c == OPT_BW && v == 0))
				return ctl_usage_error(argv[0], "%s: '%s' is not a number", argv[optind - 1], optarg);
			if (c == OPT_SEEK)
				custom.seek_ms = v;
			else if (c == OPT_RPM)
				custom.rotation_rpm = v;
			else
				custom.bandwidth_mb_s = v;
			have_custom = true;
			break;
		}
		case OPT_ADJ:
			rep.adjacency = true;
			break;
		case OPT_JSON:
			json = true;
			break;
		case OPT_PROGRESS:
			o.progress = true;
			break;
		case OPT_NO_PROGRESS:
			o.progress = false;
			break;
		case 'V':
			volume = optarg;
			break;
		default:
			return ctl_usage_error(argv[0], "bad option");
		}
	}
	/* The volume is given as every other command takes it, chunkctl -V VOL cref, or as cref's. */
	if (ctl->volume && volume && strcmp(ctl->volume, volume) != 0)
		return ctl_usage_error(argv[0], "two volumes given: %s and %s", ctl->volume, volume);
	if (ctl->volume)
		volume = ctl->volume;
	if (volume) {
		if (optind != argc)
			return ctl_usage_error(argv[0], "--volume takes no device or image");
		return cref_volume(volume, json);
	}
	if (sweep && chunk_given)
		return ctl_usage_error(argv[0], "--chunk-size and --sweep exclude each other");
	if (optind + 1 != argc)
		return ctl_usage_error(argv[0], optind >= argc ? "no device or image given" : "one device or image only");

	if (model && have_custom)
		return ctl_usage_error(argv[0], "--model and --seek-ms/--rotation-rpm/--bandwidth exclude each other");
	if (model) {
		rep.n_models = 1;
	} else if (have_custom) {
		models[0] = custom;
		rep.n_models = 1;
	} else {
		const struct cref_model *b = cref_models_builtin(&rep.n_models);
		memcpy(models, b, rep.n_models * sizeof(*b));
	}

	r = cref_run(argv[optind], &o, &st, &cs);
	if (r < 0)
		return ctl_error("%s %s: %s", argv[0], argv[optind], strerror(-r));
	rep.stats = &st;
	if (json)
		r = print_json(sweep ? cref_report_sweep_to_json(&rep, cs, o.n_chunk_bytes) :
			       cref_report_to_json(&rep, &cs[0]));
	else if (sweep)
		cref_report_sweep_human(stdout, &rep, cs, o.n_chunk_bytes);
	else
		cref_report_human(stdout, &rep, &cs[0]);
	for (size_t i = 0; i < o.n_chunk_bytes; i++)
		cref_counter_done(&cs[i]);
	if (r < 0)
		return ctl_error("%s: out of memory for the JSON output", argv[0]);
	if (fflush(stdout) != 0 || ferror(stdout))
		return ctl_error("%s: writing output failed", argv[0]);
	return EXIT_OK;
}
