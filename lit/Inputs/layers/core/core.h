/* core's header */
