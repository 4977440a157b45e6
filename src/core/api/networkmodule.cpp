// SPDX-License-Identifier: Apache-2.0

#include "core/api/networkmodule.h"

#include "core/util/modulepath.h"

#include <QCoreApplication>
#include <QDir>
#include <QHash>
#include <QLibrary>

namespace sfdesk::NetworkModule {

namespace {

std::shared_ptr<HttpNetwork> load(const QString& path, QString* why)
{
    // One network per module file, kept for the rest of the process: its code and its network
    // access serve every connection from then on. Asked for on one thread only (the UI thread).
    // Never destroyed, so the networks stay reachable to the end (a leak checker's exit report).
    static auto& loaded = *new QHash<QString, std::shared_ptr<HttpNetwork>>;
    if (const auto found = loaded.constFind(path); found != loaded.cend())
        return *found;
    const QString shown = QDir::toNativeSeparators(path);
    const auto refuse = [why](const QString& reason) -> std::shared_ptr<HttpNetwork> {
        if (why)
            *why = reason;
        return nullptr;
    };
    QLibrary library(path);
    library.setLoadHints(QLibrary::PreventUnloadHint | QLibrary::ResolveAllSymbolsHint);
    if (!library.load())
        return refuse(QCoreApplication::translate(
                          "sfdesk::NetworkModule",
                          "The connection cannot start: its network module %1 could not be loaded. %2")
                          .arg(shown, library.errorString()));
    const auto create = reinterpret_cast<CreateFunction>(library.resolve(CreateFunctionName));
    if (!create)
        return refuse(
            QCoreApplication::translate("sfdesk::NetworkModule",
                                        "The connection cannot start: %1 is not its network module. %2")
                .arg(shown, library.errorString()));
    HttpNetwork* network = create(InterfaceVersion);
    if (!network)
        return refuse(QCoreApplication::translate("sfdesk::NetworkModule",
                                                  "The connection cannot start: its network "
                                                  "module %1 is of another version of sfdesk.")
                          .arg(shown));
    // Never deleted: the module is never unloaded, and its network access may serve until the end.
    std::shared_ptr<HttpNetwork> shared(network, [](HttpNetwork*) {});
    loaded.insert(path, shared);
    return shared;
}

} // namespace

QString fileName()
{
    return QStringLiteral("sfdesk-network.so");
}

QString defaultPath()
{
    return ModulePath::find(fileName());
}

NetworkAccess access(const QString& path)
{
    return NetworkAccess([path](QString* why) { return load(path.isEmpty() ? defaultPath() : path, why); });
}

} // namespace sfdesk::NetworkModule
