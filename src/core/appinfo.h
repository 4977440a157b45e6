// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

class QCoreApplication;

namespace sfdesk {

namespace AppInfo {

inline constexpr auto organizationName = "SF Compute";
inline constexpr auto organizationDomain = "sfcompute.com";
inline constexpr auto applicationName = "sfdesk";
inline constexpr auto desktopFileName = "com.sfcompute.sfdesk";

QString version();

// Sets name, organisation and version on the application, so that settings and data folders are stable.
void applyIdentity(QCoreApplication& app);

// Versions of the libraries that matter for support requests.
QString qtVersion();
QString libsshVersion();
QString qtKeychainVersion();

} // namespace AppInfo

} // namespace sfdesk
