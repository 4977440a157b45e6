// SPDX-License-Identifier: Apache-2.0

// The network module (sfdesk-network.so): QtHttpNetwork behind core's HTTP seam
// (core/api/networkmodule.h).

#include "core/api/networkmodule.h"
#include "network/qthttpnetwork.h"

#include <QNetworkProxyFactory>

#include <type_traits>

extern "C" Q_DECL_EXPORT sfdesk::HttpNetwork* sfdesk_network_create(int interfaceVersion)
{
    if (interfaceVersion != sfdesk::NetworkModule::InterfaceVersion)
        return nullptr;
    // The app's requests go through the system's proxy settings, unless a profile names its own.
    QNetworkProxyFactory::setUseSystemConfiguration(true);
    return new sfdesk::QtHttpNetwork();
}

// The declaration the app resolves by name has this type.
static_assert(std::is_same_v<decltype(&sfdesk_network_create), sfdesk::NetworkModule::CreateFunction>);
