#ifndef LEAVENOW_CYAML_SHIM_H
#define LEAVENOW_CYAML_SHIM_H
#include <yaml.h>
#endif
