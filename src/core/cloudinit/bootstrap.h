// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

namespace sfdesk {

namespace CloudInit {

struct BootstrapOptions
{
    QString userName;
    // One authorized_keys line (the content of a .pub file).
    QString publicKey;
    // Print the GPUs and InfiniBand devices to the console at first boot.
    bool gpuInfinibandCheck = false;
};

// The login the SSH bootstrap proposes, and so the one to suggest for ssh (never root).
QString defaultUserName();

// Checks a login name as useradd accepts it on Debian (lower case, digits, _ and -, at most 32).
bool isValidUserName(const QString& name, QString* problem);

// A cloud-config that creates the user with the key (keeping the image's default user), with password
// login and root login disabled. Returns an empty string and sets *problem on bad input.
QString sshBootstrapConfig(const BootstrapOptions& options, QString* problem);

// A YAML scalar for text, quoted only when plain would change its meaning.
QString yamlScalar(const QString& text);

} // namespace CloudInit

} // namespace sfdesk
