/* core's public header */
