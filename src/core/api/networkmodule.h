// SPDX-License-Identifier: Apache-2.0

#pragma once

// The network module, sfdesk-network.so: the HTTP seam (httptransport.h) over Qt Network, which the
// app loads when its first connection starts rather than link it, so that Qt Network and what it
// brings are not loaded before the window shows. What crosses is httptransport.h alone: abstract
// classes without meta-objects and Qt's value types. The module keeps its own copy of what it is
// built from, its symbols hidden.

#include "core/api/httptransport.h"

#include <QString>

namespace sfdesk::NetworkModule {

// Raised whenever httptransport.h or this header changes: the app refuses a module of another
// version.
inline constexpr int InterfaceVersion = 1;

// The module's one exported symbol, a CreateFunction.
inline constexpr char CreateFunctionName[] = "sfdesk_network_create";

// The module's network (it uses the system's proxy settings, as the app does), which lives as long
// as the process; null when interfaceVersion is not the module's.
using CreateFunction = HttpNetwork* (*)(int interfaceVersion);

QString fileName();
// ModulePath::find(fileName()).
QString defaultPath();

// The network of the module at `path` (defaultPath() when empty), loaded on the calling thread when
// first asked for (the UI thread, after the window's first frame), or null with why it could not be.
NetworkAccess access(const QString& path = {});

} // namespace sfdesk::NetworkModule
