#ifndef LEAVENOW_CXML2_SHIM_H
#define LEAVENOW_CXML2_SHIM_H
/* Debian's libxml2 is built with ICU, whose headers clash with the ICU that Foundation bundles
   (_FoundationICU). Nothing here needs libxml2's ICU converters (xmlCharEncodingHandler is only used
   by pointer), so its headers are read without them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>

/* libxml2's process-wide (per-thread) error output: silenced, so nothing a feed contains is ever printed
   to stderr. Every reader installs its own structured handler, which collects its errors with line:column. */
static void leavenow_xml2_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

static void leavenow_xml2_ignore_structured_error(void *context, xmlErrorPtr error) {
    (void)context;
    (void)error;
}

/* Installs the silent handlers on the calling thread (libxml2 keeps them per thread). Cheap; idempotent. */
static inline void leavenow_xml2_silence_global_errors(void) {
    xmlSetGenericErrorFunc(NULL, leavenow_xml2_ignore_generic_error);
    xmlSetStructuredErrorFunc(NULL, leavenow_xml2_ignore_structured_error);
}

/* Whether the parser behind an error is still well-formed (libxml2's own verdict, as xmllint's). */
static inline int leavenow_xml2_context_is_well_formed(void *parserContext) {
    return parserContext == NULL ? 1 : ((xmlParserCtxtPtr)parserContext)->wellFormed;
}
#endif
