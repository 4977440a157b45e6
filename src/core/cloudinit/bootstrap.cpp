// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/bootstrap.h"

#include "core/cloudinit/authorizedkey.h"
#include "core/cloudinit/yaml11resolver.h"

#include <QRegularExpression>

#include <algorithm>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace CloudInit {

QString defaultUserName()
{
    return u"trainer"_s;
}

bool isValidUserName(const QString& name, QString* problem)
{
    static const QRegularExpression pattern(QRegularExpression::anchoredPattern(u"[a-z_][a-z0-9_-]{0,31}"_s));
    QString why;
    if (name.isEmpty())
        why = u"the user name is empty"_s;
    else if (name == u"root")
        why = u"root login is disabled by the bootstrap; choose another user name"_s;
    else if (name == u"default")
        why = u"'default' is cloud-init's name for the image's own user; choose another user name"_s;
    else if (!pattern.match(name).hasMatch())
        why = u"the user name must start with a lower-case letter or _ and contain only a-z, 0-9, _ and - "
              u"(at most 32 characters)"_s;
    if (why.isEmpty())
        return true;
    if (problem)
        *problem = why;
    return false;
}

QString yamlScalar(const QString& text)
{
    static const QRegularExpression safe(QRegularExpression::anchoredPattern(
        u"[A-Za-z0-9/][A-Za-z0-9+/=@._,()-]*( [A-Za-z0-9+/=@._,()-]+)*"_s));
    if (safe.match(text).hasMatch() && resolvePlainScalar(text).type == ScalarValue::Type::String)
        return text;
    // A line break inside single quotes is folded into a space (and may end the list item): text
    // with control characters or YAML's other line breaks is double-quoted with escapes.
    const auto breaksLine = [](QChar c) {
        return c.unicode() < 0x20 || c.unicode() == 0x7f || c.unicode() == 0x85 || c.unicode() == 0x2028
               || c.unicode() == 0x2029;
    };
    if (std::any_of(text.begin(), text.end(), breaksLine))
        return u'"' + backslashEscaped(text, u'"', breaksLine, u'u', 4) + u'"';
    QString quoted = text;
    quoted.replace(u'\'', u"''"_s);
    return u'\'' + quoted + u'\'';
}

QString sshBootstrapConfig(const BootstrapOptions& options, QString* problem)
{
    if (!isValidUserName(options.userName, problem))
        return {};
    const QString key = options.publicKey.trimmed();
    QString keyProblem;
    if (!parseAuthorizedKey(key, nullptr, &keyProblem)) {
        if (problem)
            *problem = u"the public key does not parse: %1"_s.arg(keyProblem);
        return {};
    }
    QString config = u"#cloud-config\n"
                     u"# SSH bootstrap: key login for %1, no password login, no root login.\n"
                     u"users:\n"
                     u"  - default\n"
                     u"  - name: %1\n"
                     u"    shell: /bin/bash\n"
                     u"    groups: [sudo]\n"
                     u"    sudo: 'ALL=(ALL) NOPASSWD:ALL'\n"
                     u"    lock_passwd: true\n"
                     u"    ssh_authorized_keys:\n"
                     u"      - %2\n"
                     u"ssh_pwauth: false\n"
                     u"disable_root: true\n"_s.arg(options.userName, yamlScalar(key));
    if (options.gpuInfinibandCheck) {
        config +=
            u"runcmd:\n"
            u"  - [sh, -c, 'nvidia-smi -L > /dev/console 2>&1 || echo \"nvidia-smi: no GPU driver\" > "
            u"/dev/console']\n"
            u"  - [sh, -c, 'ibv_devinfo > /dev/console 2>&1 || echo \"ibv_devinfo: no InfiniBand device\" > "
            u"/dev/console']\n"_s;
    }
    return config;
}

} // namespace CloudInit

} // namespace sfdesk
